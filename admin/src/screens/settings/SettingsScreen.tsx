// /nuxt/settings: one screen for the shop's one settings row (no list): contacts, legal details, social
// links, orders and bonuses, mail and SMS gateways, integrations, maintenance. Secrets are never shown; the
// screen says whether each is set (GET /api/admin/settings/current) and lets the administrator replace or
// clear it. Saved with the ordinary PUT /api/admin/settings/:id, validated like the generated forms.
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { Edit, useNotify } from 'react-admin';
import { ShopSettingsInputSchema } from '@shop/schemas/generated/zod';
import { HistoryAside } from '../../history';
import { zodValidator } from '../../validation';
import { RoleGate } from '../../RoleGate';
import { useAdminGet } from '../../useAdminGet';
import { secretInput } from './SecretInput';
import { SettingsForm } from './SettingsForm';

export const SECRETS = ['smtpPassword', 'smsApiKey', 'ymlPassword'] as const;
type Secrets = Record<(typeof SECRETS)[number], boolean>;

interface Current {
  record: { id: number };
  secrets: Secrets;
}

/** Form values → the PUT body: no id or timestamps (the input schema is strict), secrets as asked. */
export function toSettingsInput(values: Record<string, unknown>) {
  let out: Record<string, unknown> = { ...values };
  delete out.id;
  delete out.updatedAt;
  for (const s of SECRETS) out = secretInput(out, s);
  return out;
}

const validate = zodValidator(ShopSettingsInputSchema, toSettingsInput);

function SettingsEditor() {
  const current = useAdminGet<Current>('/settings/current');
  const notify = useNotify();
  if (current.error) return <Alert severity="error">{current.error}</Alert>;
  if (!current.data) return <LinearProgress sx={{ mt: 2 }} />;
  return (
    <Edit
      resource="settings"
      id={current.data.record.id}
      title="Настройки магазина"
      mutationMode="pessimistic"
      transform={toSettingsInput}
      redirect={false}
      aside={<HistoryAside />}
      mutationOptions={{
        onSuccess: () => {
          notify('Настройки сохранены', { type: 'info' });
          current.reload();
        },
      }}
    >
      <SettingsForm validate={validate} secrets={current.data.secrets} />
    </Edit>
  );
}

/** Only the administrator edits the settings (x-access); other roles get "Доступ запрещен". */
export function SettingsScreen() {
  return (
    <RoleGate resource="settings" action="edit">
      <SettingsEditor />
    </RoleGate>
  );
}
