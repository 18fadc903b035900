// Beside the ledger: the balance of the customer chosen in the filter, and the manager's accrual or debit
// with a reason (POST /api/admin/bonuses/adjust). A debit above the balance comes back as the server's
// Russian message and changes nothing.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MuiButton from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  Form,
  NumberInput,
  RadioButtonGroupInput,
  required,
  TextInput,
  useListContext,
  useNotify,
  useRecordContext,
  usePermissions,
  useRefresh,
} from 'react-admin';
import type { AdminBonusAdjustRequest } from '@shop/schemas';
import { countOf } from '@shop/schemas/rules/plural';
import { canRoleAccess } from '../../../access';
import { callAdmin } from '../../../admin-api';
import { useAdminRead } from '../../../useAdminGet';

const DIRECTIONS = [
  { id: 'accrual', name: 'Начислить' },
  { id: 'debit', name: 'Списать' },
];

function Balance({ userId }: { userId: number }) {
  const { permissions } = usePermissions<string>();
  const canAdjust = canRoleAccess(permissions, 'bonuses', 'service');
  const balance = useAdminRead(String(userId), (api) => api.adminSales.bonusBalance(userId));
  const notify = useNotify();
  const refresh = useRefresh();
  const [error, setError] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  const submit = async (values: Record<string, unknown>) => {
    setError(null);
    try {
      // The form's inputs are the request's fields, each required by its input.
      const body = { ...(values as Omit<AdminBonusAdjustRequest, 'userId'>), userId };
      const done = await callAdmin((api) => api.adminSales.adjustBonuses(body));
      notify(`Проведено. Баланс: ${done.balance}`, { type: 'info' });
      setFormKey((k) => k + 1);
      balance.reload();
      refresh();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <>
      <Typography variant="body2" color="text.secondary">
        Баланс покупателя
      </Typography>
      <Typography variant="h4" component="p" data-testid="bonus-balance">
        {balance.error ?? (balance.data ? countOf(balance.data.balance, ['балл', 'балла', 'баллов']) : '…')}
      </Typography>
      {canAdjust ? (
        <Form key={formKey} defaultValues={{ direction: 'accrual' }} onSubmit={submit}>
          <RadioButtonGroupInput
            source="direction"
            label="Операция"
            choices={DIRECTIONS}
            validate={required()}
          />
          <NumberInput source="points" label="Баллов" validate={required()} />
          <TextInput source="reason" label="Основание" multiline fullWidth validate={required()} />
          {error ? (
            <Alert severity="error" sx={{ mb: 1 }} role="alert">
              {error}
            </Alert>
          ) : null}
          <MuiButton type="submit" variant="contained">
            Провести
          </MuiButton>
        </Form>
      ) : null}
    </>
  );
}

/** Above a customer's bonus ledger on their card (x-form.related of users): the balance and the adjust form. */
export function CustomerBonuses() {
  const record = useRecordContext();
  return typeof record?.id === 'number' ? (
    <Box sx={{ maxWidth: 480, mb: 2 }}>
      <Balance userId={record.id} />
    </Box>
  ) : null;
}

export function AdjustPanel() {
  const filterValues = useListContext().filterValues as { userId?: unknown };
  const userId = Number(filterValues.userId);
  return (
    <Box sx={{ width: 320, ml: 2, mt: 8, flexShrink: 0 }}>
      <Card>
        <CardContent>
          {Number.isSafeInteger(userId) && userId > 0 ? (
            <Balance key={userId} userId={userId} />
          ) : (
            <Typography variant="body2">
              Выберите покупателя в фильтре «Покупатель», чтобы увидеть его баланс, начислить или списать
              баллы.
            </Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
