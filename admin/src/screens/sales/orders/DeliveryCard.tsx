// The order screen's «Доставка»: the service, where the parcel goes (the pickup point the customer chose with
// its address and hours, or the courier's address, day and time), the tracking number, the price, and the
// shipment at the service's carrier (ShipmentBlock: «Передать в СДЭК», its state, the label).
import Typography from '@mui/material/Typography';
import { formatRubles } from '../../../fields/money';
import { Row } from './Row';
import { Section } from './Section';
import { ShipmentBlock } from './ShipmentBlock';
import { addressLines, type OrderView } from './order-screen';

const notShippedYet = (status: OrderView['status']) =>
  status === 'new' || status === 'confirmed' || status === 'paid';

/** «12.05.2026» from YYYY-MM-DD (a calendar day, no time zone). */
const dayOf = (date: string) => date.split('-').reverse().join('.');

export function DeliveryCard({ view, onChanged }: { view: OrderView; onChanged: () => void }) {
  const d = view.delivery;
  const address = addressLines(d);
  return (
    <Section title="Доставка" testId="order-delivery">
      <Typography variant="subtitle1">{d.title ?? 'Способ доставки удалён'}</Typography>
      <Row label="Вид">{d.kindLabel}</Row>
      <Row label="Адрес">{address.length ? address.map((line) => <div key={line}>{line}</div>) : null}</Row>
      {d.point ? (
        <Row label="Пункт выдачи">
          <div data-testid="delivery-point">
            {[d.point.code, d.point.name].filter(Boolean).join(' · ')}
            <div>{d.point.address}</div>
            {d.point.workTime ? (
              <Typography variant="caption" color="text.secondary" component="div">
                {d.point.workTime}
              </Typography>
            ) : null}
          </div>
        </Row>
      ) : null}
      <Row label="День доставки">
        {d.date ? [dayOf(d.date), d.timeSlot].filter(Boolean).join(', ') : d.timeSlot}
      </Row>
      <Row label="Трек-номер">
        {d.trackNumber ??
          (!view.needsTrackNumber ? 'не нужен' : notShippedYet(view.status) ? 'появится при отправке' : null)}
      </Row>
      <Row label="Стоимость">{d.price ? formatRubles(d.price) : 'бесплатно'}</Row>
      <ShipmentBlock view={view} onChanged={onChanged} />
    </Section>
  );
}
