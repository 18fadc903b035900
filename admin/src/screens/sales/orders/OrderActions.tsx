// The order screen's buttons: the actions the server allows the role now (the view's allowedActions, from the
// order rules), each through POST /api/admin/orders/:id/actions. «Отправить» asks the track number, «Отменить»
// the reason (and warns that a paid order's money goes back); the others act at once. The server's answer or
// its Russian refusal is the notification, and the screen reloads the order either way (a refusal may mean
// someone else moved it meanwhile).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import type { AdminOrderActionResult } from '@shop/schemas';
import { postAdmin } from '../../../admin-api';
import { actionRequest, type ActionInput, type OrderAction, type OrderView } from './order-screen';

/** The main way on is filled, the rest outlined; cancelling is red. */
const VARIANTS: Record<OrderAction, { variant: 'contained' | 'outlined'; color: 'primary' | 'error' }> = {
  confirm: { variant: 'contained', color: 'primary' },
  markPaid: { variant: 'outlined', color: 'primary' },
  ship: { variant: 'contained', color: 'primary' },
  complete: { variant: 'contained', color: 'primary' },
  cancel: { variant: 'outlined', color: 'error' },
};

/** Actions that ask something first. */
const ASKS: OrderAction[] = ['ship', 'cancel'];

function ActionDialog({
  view,
  action,
  busy,
  onClose,
  onSubmit,
}: {
  view: OrderView;
  action: 'ship' | 'cancel';
  busy: boolean;
  onClose: () => void;
  onSubmit: (input: ActionInput) => Promise<string | null>;
}) {
  const [input, setInput] = useState<ActionInput>({});
  const [error, setError] = useState<string | null>(null);
  const label = view.allowedActions.find((a) => a.action === action)?.label ?? '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(await onSubmit(input));
  };
  const paid = view.paymentStatus === 'paid';
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle>
          {action === 'ship' ? `Отправить заказ № ${view.number}` : `Отменить заказ № ${view.number}`}
        </DialogTitle>
        <DialogContent>
          {action === 'ship' ? (
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              label="Трек-номер"
              required={view.needsTrackNumber}
              value={input.trackNumber ?? ''}
              onChange={(e) => setInput({ ...input, trackNumber: e.target.value })}
              slotProps={{ htmlInput: { maxLength: 64 } }}
              helperText={
                view.needsTrackNumber
                  ? `${view.delivery.title ?? 'Служба доставки'}: номер придёт покупателю в письме`
                  : 'Самовывоз: трек-номер не нужен'
              }
            />
          ) : (
            <>
              {paid ? (
                <Alert severity="warning" sx={{ mb: 2 }}>
                  Заказ оплачен: деньги вернутся покупателю
                  {view.payment.kind === 'online' ? ' через платёжный сервис' : ''}. Товары вернутся на склад,
                  купон и списанные баллы — покупателю.
                </Alert>
              ) : (
                <Alert severity="info" sx={{ mb: 2 }}>
                  Товары вернутся на склад, купон и списанные баллы — покупателю.
                </Alert>
              )}
              <TextField
                autoFocus
                fullWidth
                required
                multiline
                minRows={2}
                margin="dense"
                label="Причина отмены"
                value={input.comment ?? ''}
                onChange={(e) => setInput({ ...input, comment: e.target.value })}
                slotProps={{ htmlInput: { maxLength: 500 } }}
                helperText="Покупатель увидит её в письме и в заказе"
              />
            </>
          )}
          {error ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {error}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Не сейчас
          </Button>
          <Button type="submit" variant="contained" color={VARIANTS[action].color} disabled={busy}>
            {busy ? 'Выполняем…' : label}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function OrderActions({ view, onChanged }: { view: OrderView; onChanged: () => void }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<'ship' | 'cancel' | null>(null);

  /** Sends the action; the dialog's own check first. Answers the error to show in the dialog, if any. */
  const run = async (action: OrderAction, input: ActionInput = {}): Promise<string | null> => {
    const request = actionRequest(action, input, view.needsTrackNumber);
    if ('error' in request) return request.error;
    setBusy(true);
    try {
      const result = await postAdmin<AdminOrderActionResult>(`/orders/${view.id}/actions`, request.body);
      notify(`Заказ № ${view.number}: ${result.statusLabel}`, { type: 'success' });
      setAsking(null);
      return null;
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error', multiLine: true });
      setAsking(null);
      return null;
    } finally {
      setBusy(false);
      onChanged();
    }
  };

  if (view.allowedActions.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="order-actions">
      {view.allowedActions.map(({ action, label }) => (
        <Button
          key={action}
          {...VARIANTS[action]}
          disabled={busy}
          onClick={() => (ASKS.includes(action) ? setAsking(action as 'ship' | 'cancel') : void run(action))}
        >
          {label}
        </Button>
      ))}
      {asking ? (
        <ActionDialog
          view={view}
          action={asking}
          busy={busy}
          onClose={() => setAsking(null)}
          onSubmit={(input) => run(asking, input)}
        />
      ) : null}
    </Box>
  );
}
