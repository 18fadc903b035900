// A set of keys (a payment service's shopId and secret key): one input per key, never filled with the stored
// value, which the server does not send. Beside each, whether it is set (GET …/:id/secrets); typing a new
// value replaces it on save, an empty input keeps it. `check` adds «Проверить подключение», which tries the
// typed keys (or the stored ones) against the provider (POST …/:id/check-connection).
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PasswordInput, useRecordContext, useResourceContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { postAdmin } from '../admin-api';
import { useAdminGet } from '../useAdminGet';

export interface SecretKey {
  name: string;
  label: string;
  help?: string;
}

export interface SecretKeysInputProps {
  source: string;
  keys: SecretKey[];
  helperText?: string;
  /** The resource answers POST …/:id/check-connection. */
  check?: boolean;
}

/** An emptied input stays "", which the server reads as "keep the stored key" (null would clear it). */
const keepEmpty = (value: string | null) => value ?? '';

export function SecretKeysInput(props: SecretKeysInputProps) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const id = record?.id;
  // Asked again after each save (updatedAt moves), so the marks follow what was stored.
  const version = typeof record?.updatedAt === 'string' ? `?v=${encodeURIComponent(record.updatedAt)}` : '';
  const secrets = useAdminGet<Record<string, Record<string, boolean>>>(
    id === undefined ? null : `/${resource}/${id}/secrets${version}`,
  );
  const state = secrets.data?.[props.source] ?? {};
  return (
    <Stack spacing={1} sx={{ mb: 2, width: '100%', maxWidth: 560 }}>
      <Typography variant="subtitle2">{props.helperText}</Typography>
      {props.keys.map((k) => {
        const set = state[k.name] === true;
        return (
          <Stack key={k.name} spacing={0.5}>
            <Chip
              data-testid={`${props.source}.${k.name}-state`}
              size="small"
              color={set ? 'success' : 'default'}
              label={`${k.label}: ${set ? 'задан' : 'не задан'}`}
              sx={{ alignSelf: 'flex-start' }}
            />
            <PasswordInput
              source={`${props.source}.${k.name}`}
              label={set ? `Новое значение: ${k.label}` : k.label}
              helperText={set ? 'Пусто — оставить сохранённое' : (k.help ?? false)}
              autoComplete="new-password"
              parse={keepEmpty}
              fullWidth
            />
          </Stack>
        );
      })}
      {props.check && id !== undefined ? <CheckConnection source={props.source} id={id} /> : null}
    </Stack>
  );
}

interface CheckResult {
  ok: boolean;
  message: string;
}

function CheckConnection(props: { source: string; id: string | number }) {
  const resource = useResourceContext();
  const typed: unknown = useWatch({ name: props.source });
  const provider: unknown = useWatch({ name: 'provider' });
  const [result, setResult] = useState<CheckResult | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    setResult(null);
    try {
      const body = { provider, credentials: typed && typeof typed === 'object' ? typed : {} };
      setResult(await postAdmin<CheckResult>(`/${resource}/${props.id}/check-connection`, body));
    } catch (e) {
      setResult({ ok: false, message: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button variant="outlined" size="small" disabled={busy} onClick={() => void run()}>
        {busy ? 'Проверяем…' : 'Проверить подключение'}
      </Button>
      {result ? (
        <Alert severity={result.ok ? 'success' : 'error'} data-testid="check-connection-result">
          {result.message}
        </Alert>
      ) : null}
    </Stack>
  );
}
