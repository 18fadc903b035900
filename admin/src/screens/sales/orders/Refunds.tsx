// The payment card's money back: what was received, returned and is left, every refund (how, by whom, the
// receipt, the lines), and «Вернуть деньги» for a refund without a cancel: chosen lines and pieces (their sum
// priced as the receipt priced them), through the provider or by hand, optionally back to stock; or a sum
// returned by hand. Sent to POST /api/admin/orders/:id/refunds; a refusal stays in the dialog.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import { callAdmin } from '../../../admin-api';
import { formatRubles, sanitizeMoneyText } from '../../../fields/money';
import { chosenSum, piecesLeft, refundRequest, type RefundInput } from './money-requests';
import { moscowTime, type OrderView } from './order-screen';

function RefundDialog({
  view,
  onClose,
  onDone,
}: {
  view: OrderView;
  onClose: () => void;
  onDone: () => void;
}) {
  const notify = useNotify();
  const online = view.payment.kind === 'online';
  const [input, setInput] = useState<RefundInput>({
    method: online ? 'provider' : 'manual',
    pieces: {},
    restock: view.status !== 'canceled',
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sum = chosenSum(view, input.pieces);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const request = refundRequest(view, input);
    if ('error' in request) return setError(request.error);
    setBusy(true);
    try {
      const done = await callAdmin((api) => api.adminSales.refundOrder(view.id, request.body));
      notify(`Заказ № ${view.number}: возвращено ${formatRubles(done.amount)}`, { type: 'success' });
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="refund-dialog">
        <DialogTitle>{`Вернуть деньги по заказу № ${view.number}`}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Заказ не отменяется. Можно вернуть не больше {formatRubles(view.money.refundable)}.
          </Typography>
          <RadioGroup
            row
            value={input.method}
            onChange={(e) => setInput({ ...input, method: e.target.value as RefundInput['method'] })}
          >
            {online ? (
              <FormControlLabel
                value="provider"
                control={<Radio />}
                label={`Через ${view.payment.providerLabel ?? 'платёжный сервис'}`}
              />
            ) : null}
            <FormControlLabel value="manual" control={<Radio />} label="Деньги возвращены вручную" />
          </RadioGroup>
          {view.lines.map((l) => {
            const left = piecesLeft(l);
            return (
              <Box key={l.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}>
                <Typography variant="body2" sx={{ flex: 1 }}>
                  {l.title}
                  <Typography component="span" variant="caption" color="text.secondary">
                    {` · ${l.quantity} шт.${l.refundedQuantity ? `, возвращено ${l.refundedQuantity}` : ''}`}
                  </Typography>
                </Typography>
                <TextField
                  size="small"
                  type="number"
                  label="Вернуть, шт."
                  disabled={left === 0}
                  value={input.pieces[l.id] ?? 0}
                  onChange={(e) => {
                    const n = Math.max(0, Math.min(left, Math.floor(Number(e.target.value) || 0)));
                    setInput({ ...input, pieces: { ...input.pieces, [l.id]: n } });
                  }}
                  slotProps={{ htmlInput: { min: 0, max: left, 'aria-label': `Вернуть: ${l.title}` } }}
                  sx={{ width: 120 }}
                />
              </Box>
            );
          })}
          {sum > 0 ? (
            <>
              <Typography sx={{ mt: 1 }}>К возврату: {formatRubles(sum)}</Typography>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={input.restock}
                    disabled={view.status === 'canceled'}
                    onChange={(e) => setInput({ ...input, restock: e.target.checked })}
                  />
                }
                label={
                  view.status === 'canceled'
                    ? 'Товары уже вернулись на склад при отмене'
                    : 'Вернуть товары на склад'
                }
              />
            </>
          ) : input.method === 'manual' ? (
            <TextField
              fullWidth
              margin="dense"
              label="Или сумма, которую вы вернули, ₽"
              value={input.amount ?? ''}
              onChange={(e) => setInput({ ...input, amount: sanitizeMoneyText(e.target.value) })}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          ) : null}
          <TextField
            fullWidth
            margin="dense"
            label="Комментарий"
            value={input.note ?? ''}
            onChange={(e) => setInput({ ...input, note: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            helperText="Покупатель увидит его в истории заказа"
          />
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
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Возвращаем…' : 'Вернуть'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function Refunds({ view, onChanged }: { view: OrderView; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const { money } = view;
  if (money.received === 0 && view.refunds.length === 0) return null;
  return (
    <Box data-testid="order-refunds">
      <Divider sx={{ my: 1.5 }} />
      <Typography variant="body2">
        Получено {formatRubles(money.received)} · возвращено {formatRubles(money.refunded)}
        {money.refundPending ? ` (в обработке ${formatRubles(money.refundPending)})` : ''} · у магазина{' '}
        {formatRubles(money.refundable)}
      </Typography>
      {view.refunds.map((r) => (
        <Box key={r.id} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }} data-testid="order-refund">
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              −{formatRubles(r.amount)}
            </Typography>
            <Chip size="small" label={r.methodLabel} />
            {r.status !== 'succeeded' ? <Chip size="small" color="warning" label={r.statusLabel} /> : null}
            <Typography variant="caption" color="text.secondary">
              {moscowTime(r.createdAt)}
              {r.actorName ? ` · ${r.actorName}` : ''}
            </Typography>
          </Box>
          <Typography variant="caption" color="text.secondary" component="div">
            {[
              r.lines.map((l) => `${l.title} × ${l.quantity}`).join(', ') || null,
              r.restocked ? 'товары на складе' : null,
              `чек возврата: ${r.receiptLabel.toLowerCase()}`,
              r.note,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
      ))}
      {view.canRefund ? (
        <Button size="small" sx={{ mt: 1 }} onClick={() => setOpen(true)}>
          Вернуть деньги
        </Button>
      ) : null}
      {open ? (
        <RefundDialog
          view={view}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            onChanged();
          }}
        />
      ) : null}
    </Box>
  );
}
