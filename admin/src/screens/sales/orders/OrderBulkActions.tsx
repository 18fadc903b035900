// The orders list's bulk actions (list.tsx useBulkActions): the status moves of the chosen orders, each order
// through its own POST /api/admin/orders/:id/actions (the order service checks every move). Orders are history
// and are never deleted, so there is no «Удалить». «Отправить» asks the track number of each order first
// (an order picked up at the shop needs none: the server says which ones lack it). The answer is one summary:
// how many moved, and each refusal with its order's number. «Печать» opens the chosen orders' packing lists and
// invoices ready to print (PrintOrders.tsx).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import PrintIcon from '@mui/icons-material/Print';
import { useListContext, useNotify, useRefresh, useUnselectAll, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { callAdmin } from '../../../admin-api';
import { actionRequest, type ActionInput } from './order-screen';

type BulkAction = 'confirm' | 'ship' | 'complete';

const BULK_ACTIONS: { action: BulkAction; label: string }[] = [
  { action: 'confirm', label: 'Подтвердить' },
  { action: 'ship', label: 'Отправить' },
  { action: 'complete', label: 'Выполнить' },
];

type OrderRow = RaRecord & { number?: string };

/** «Готово: 2 заказа. Не удалось: № 1003 — …» from each order's result. */
export function bulkSummary(label: string, results: { number: string; error: string | null }[]): string {
  const done = results.filter((r) => !r.error).length;
  const failed = results.filter((r) => r.error).map((r) => `№ ${r.number}: ${r.error}`);
  return [`${label}: ${done} из ${results.length}`, ...failed].join('\n');
}

function ShipDialog({
  orders,
  busy,
  onClose,
  onSubmit,
}: {
  orders: OrderRow[];
  busy: boolean;
  onClose: () => void;
  onSubmit: (tracks: Record<string, string>) => void;
}) {
  const [tracks, setTracks] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(tracks);
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>Отправить заказы: {orders.length}</DialogTitle>
        <DialogContent>
          <Alert severity="info" sx={{ mb: 1 }}>
            Трек-номер придёт покупателю в письме. Для самовывоза его можно не указывать.
          </Alert>
          {orders.map((o) => (
            <TextField
              key={o.id}
              fullWidth
              margin="dense"
              label={`Трек-номер заказа № ${o.number ?? o.id}`}
              value={tracks[String(o.id)] ?? ''}
              onChange={(e) => setTracks({ ...tracks, [String(o.id)]: e.target.value })}
              slotProps={{ htmlInput: { maxLength: 64 } }}
            />
          ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Не сейчас
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Отправляем…' : 'Отправить'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function OrderBulkActions() {
  const { selectedIds, data, resource } = useListContext<OrderRow>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource);
  const [busy, setBusy] = useState(false);
  const [shipping, setShipping] = useState(false);
  const chosen = (data ?? []).filter((o) => selectedIds.includes(o.id));

  const run = async (action: BulkAction, inputOf: (o: OrderRow) => ActionInput = () => ({})) => {
    setBusy(true);
    const results: { number: string; error: string | null }[] = [];
    for (const order of chosen) {
      const number = String(order.number ?? order.id);
      // The server decides whether this order's delivery needs a track number.
      const request = actionRequest(action, inputOf(order), false);
      if ('error' in request) results.push({ number, error: request.error });
      else
        try {
          await callAdmin((api) => api.adminSales.changeOrderStatus(Number(order.id), request.body));
          results.push({ number, error: null });
        } catch (e) {
          results.push({ number, error: e instanceof Error ? e.message : String(e) });
        }
    }
    setBusy(false);
    setShipping(false);
    const label = BULK_ACTIONS.find((a) => a.action === action)!.label;
    const failed = results.some((r) => r.error);
    notify(bulkSummary(label, results), { type: failed ? 'warning' : 'success', multiLine: true });
    if (!failed) unselectAll();
    refresh();
  };

  return (
    <Box sx={{ display: 'flex', gap: 1 }} data-testid="order-bulk-actions">
      {BULK_ACTIONS.map(({ action, label }) => (
        <Button
          key={action}
          size="small"
          disabled={busy || chosen.length === 0}
          onClick={() => (action === 'ship' ? setShipping(true) : void run(action))}
        >
          {label}
        </Button>
      ))}
      <Button
        size="small"
        startIcon={<PrintIcon />}
        component={RouterLink}
        to={`/print-orders?ids=${selectedIds.join(',')}`}
        disabled={selectedIds.length === 0}
      >
        Печать
      </Button>
      {shipping ? (
        <ShipDialog
          orders={chosen}
          busy={busy}
          onClose={() => setShipping(false)}
          onSubmit={(tracks) => void run('ship', (o) => ({ trackNumber: tracks[String(o.id)] }))}
        />
      ) : null}
    </Box>
  );
}
