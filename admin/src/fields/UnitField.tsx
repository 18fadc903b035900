// Shows a number in the unit its record's sibling field gives (x-ui.unitFrom): "500,00 ₽" or "7 %"; nothing
// when that field gives no unit (a free-delivery coupon has no discount size).
import { useRecordContext, type FieldProps } from 'react-admin';
import { MoneyField } from './MoneyField';
import { PercentField } from './PercentField';
import { unitOf, type UnitFromProps } from './unit';

export function UnitField(props: FieldProps & UnitFromProps) {
  const { unitSource, units, ...field } = props;
  const record = useRecordContext(field);
  const unit = unitOf(record, { unitSource, units });
  if (unit === 'money') return <MoneyField {...field} />;
  if (unit === 'percent') return <PercentField {...field} />;
  return null;
}
