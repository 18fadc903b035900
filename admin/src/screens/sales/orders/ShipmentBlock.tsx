// The order's shipment at its delivery service's carrier (GET /api/admin/orders/:id/shipment): «Передать в
// СДЭК» while the carrier takes shipments and the order has no live one (the server checks the order and says
// why not, in Russian, kept here under the button); once handed over, the state, the tracking number with the
// carrier's page, the carrier's last words, why it refused, and the label PDF to print for the parcel. The
// periodic task moves the state on; the block reads it again with the order (opening the screen again).
import LabelIcon from '@mui/icons-material/PictureAsPdf';
import SendIcon from '@mui/icons-material/LocalShipping';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { AdminShipment } from '@shop/schemas';
import { useState } from 'react';
import { useNotify, usePermissions } from 'react-admin';
import { callAdmin } from '../../../admin-api';
import { canRoleAccess } from '../../../access';
import { saveBlob } from '../../../csv/download';
import { useAdminRead } from '../../../useAdminGet';
import { Row } from './Row';
import { moscowTime, type OrderView } from './order-screen';

type ChipColor = 'default' | 'info' | 'primary' | 'secondary' | 'success' | 'warning' | 'error';

const STATE_COLORS: Record<AdminShipment['state'], ChipColor> = {
  registering: 'default',
  registered: 'info',
  in_transit: 'primary',
  ready: 'secondary',
  delivered: 'success',
  returning: 'warning',
  invalid: 'error',
};

function LabelButton({ view }: { view: OrderView }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await callAdmin((api) => api.adminSales.shipmentLabel(view.id));
      saveBlob(new Blob([file.data], { type: 'application/pdf' }), `etiketka-${view.number}.pdf`);
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error', multiLine: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<LabelIcon />} disabled={busy} onClick={() => void download()}>
      {busy ? 'Готовим этикетку…' : 'Этикетка (PDF)'}
    </Button>
  );
}

function ShipmentState({ shipment, view }: { shipment: AdminShipment; view: OrderView }) {
  return (
    <Box data-testid="order-shipment">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 0.5 }}>
        <Typography variant="subtitle2">{shipment.carrierLabel}</Typography>
        <Chip
          size="small"
          color={STATE_COLORS[shipment.state]}
          label={shipment.stateLabel}
          data-testid="shipment-state"
        />
      </Box>
      <Row label="Трек-номер">
        {shipment.trackNumber && shipment.trackingUrl ? (
          <Link href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
            {shipment.trackNumber}
          </Link>
        ) : shipment.live ? (
          'появится, когда служба примет заявку'
        ) : null}
      </Row>
      <Row label="Заявка">{shipment.carrierId}</Row>
      <Row label="Статус службы">{shipment.statusText}</Row>
      <Row label="Проверено">{shipment.checkedAt ? moscowTime(shipment.checkedAt) : null}</Row>
      {shipment.errors.length > 0 ? (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="shipment-errors">
          {shipment.errors.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </Alert>
      ) : null}
      {shipment.live && shipment.carrierId ? <LabelButton view={view} /> : null}
    </Box>
  );
}

export function ShipmentBlock({ view, onChanged }: { view: OrderView; onChanged: () => void }) {
  const notify = useNotify();
  const { permissions } = usePermissions<string>();
  // Read again with the order (its updatedAt moves with each of its changes, those the carrier makes too).
  const { data, error, reload } = useAdminRead(`${view.id}:${view.updatedAt}`, (api) =>
    api.adminSales.orderShipment(view.id),
  );
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (error) return <Alert severity="warning">{error}</Alert>;
  if (!data || (!data.shipment && !data.carrierLabel)) return null;
  const mayRegister = canRoleAccess(permissions, 'shipments', 'service');
  const send = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      const shipment = await callAdmin((api) => api.adminSales.registerShipment(view.id));
      notify(`Заказ передан в ${shipment.carrierLabel}`, { type: 'success' });
      reload();
      onChanged();
    } catch (e) {
      setRefusal(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Divider sx={{ my: 1.5 }} />
      {data.shipment ? <ShipmentState shipment={data.shipment} view={view} /> : null}
      {data.canRegister && mayRegister ? (
        <Box sx={{ mt: 1 }}>
          <Button
            variant="contained"
            size="small"
            startIcon={<SendIcon />}
            disabled={busy}
            onClick={() => void send()}
            data-testid="register-shipment"
          >
            {busy ? 'Передаём…' : `Передать в ${data.carrierLabel}`}
          </Button>
          {refusal ? (
            <Alert severity="error" sx={{ mt: 1 }} data-testid="shipment-refusal">
              {refusal}
            </Alert>
          ) : null}
        </Box>
      ) : null}
    </>
  );
}
