// The "Обработана" switch of a row: the server records when and by whom (POST /feedback/:id/processed).
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, type RaRecord } from 'react-admin';
import { postAdmin } from '../../../admin-api';

/** `label` is read by the Datagrid for the column header. */
export function ProcessedToggle({ disabled }: { disabled?: boolean; label?: string }) {
  const record = useRecordContext<RaRecord & { processed: boolean }>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const toggle = async (processed: boolean) => {
    setBusy(true);
    try {
      await postAdmin(`/feedback/${record.id}/processed`, { processed });
      notify(processed ? 'Заявка отмечена как обработанная' : 'Заявка снова ждёт обработки', {
        type: 'info',
      });
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormControlLabel
      onClick={(e) => e.stopPropagation()}
      control={
        <Switch
          checked={record.processed}
          disabled={busy || disabled}
          onChange={(e) => void toggle(e.target.checked)}
          slotProps={{ input: { 'aria-label': `Заявка №${record.id} обработана` } }}
        />
      }
      label={record.processed ? 'Да' : 'Нет'}
    />
  );
}
