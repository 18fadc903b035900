// The order screen's buttons: the actions the server allows the role now (the view's allowedActions, from the
// order rules), each through POST /api/admin/orders/:id/actions. «Отправить» asks the track number,
// «Отметить оплату» a confirmation (and for an invoice the day and sum received), «Отменить» the reason and,
// when the order holds money, what happens to it (CancelMoney); the others act at once. A refusal stays in
// the dialog, so that the administrator can choose another way (the provider could not refund: by hand); the
// screen reloads the order either way (a refusal may mean someone else moved it meanwhile).
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
import { callAdmin } from '../../../admin-api';
import { formatKopecks } from '../../../fields/money';
import { CancelMoney, ReceivedPayment } from './MoneyQuestions';
import { moscowToday } from './money-requests';
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
type Asking = 'ship' | 'cancel' | 'markPaid';
const ASKS: OrderAction[] = ['ship', 'cancel', 'markPaid'];

const TITLES: Record<Asking, string> = {
  ship: 'Отправить заказ',
  cancel: 'Отменить заказ',
  markPaid: 'Отметить оплату заказа',
};

function ActionDialog({
  view,
  action,
  busy,
  onClose,
  onSubmit,
}: {
  view: OrderView;
  action: Asking;
  busy: boolean;
  onClose: () => void;
  onSubmit: (input: ActionInput) => Promise<string | null>;
}) {
  const [input, setInput] = useState<ActionInput>(() => ({
    // Online, the provider's refund to start with; otherwise the administrator says whether money went back.
    money: {
      method: view.payment.kind === 'online' ? 'provider' : undefined,
      amount: formatKopecks(view.money.refundable),
    },
    received: { paidOn: moscowToday(), amount: formatKopecks(view.totals.total) },
  }));
  const [error, setError] = useState<string | null>(null);
  const label = view.allowedActions.find((a) => a.action === action)?.label ?? '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(await onSubmit(input));
  };
  const holds = view.money.refundable > 0;
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle>{`${TITLES[action]} № ${view.number}`}</DialogTitle>
        <DialogContent>
          {action === 'markPaid' ? (
            <ReceivedPayment
              view={view}
              input={input.received ?? {}}
              onChange={(received) => setInput({ ...input, received })}
            />
          ) : action === 'ship' ? (
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
              <Alert severity="info" sx={{ mb: 2 }}>
                Товары вернутся на склад, купон и списанные баллы — покупателю.
              </Alert>
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
              {holds ? (
                <CancelMoney
                  view={view}
                  input={input.money ?? {}}
                  onChange={(money) => setInput({ ...input, money })}
                />
              ) : null}
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
  const [asking, setAsking] = useState<Asking | null>(null);

  /** Sends the action; the dialog's own check first. Answers the error to show in the dialog, if any. */
  const run = async (action: OrderAction, input: ActionInput = {}): Promise<string | null> => {
    const request = actionRequest(action, input, view.needsTrackNumber, view);
    if ('error' in request) return request.error;
    setBusy(true);
    try {
      const result = await callAdmin((api) => api.adminSales.changeOrderStatus(view.id, request.body));
      notify(`Заказ № ${view.number}: ${result.statusLabel}`, { type: 'success' });
      setAsking(null);
      return null;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      // In the dialog, which stays open: the administrator may choose another way (money back by hand).
      if (ASKS.includes(action)) return message;
      notify(message, { type: 'error', multiLine: true });
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
          onClick={() => (ASKS.includes(action) ? setAsking(action as Asking) : void run(action))}
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
