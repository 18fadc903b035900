// Edits a number in the unit the form's sibling field gives (x-ui.unitFrom): roubles for a sum, a whole
// number with % for a percentage; hidden while that field gives no unit (free delivery has no size).
import { useWatch } from 'react-hook-form';
import { MoneyInput, type MoneyInputProps } from './MoneyInput';
import { PercentInput } from './PercentInput';
import { unitOf, type UnitFromProps } from './unit';

export function UnitInput(props: MoneyInputProps & UnitFromProps) {
  const { unitSource, units, ...input } = props;
  const value: unknown = useWatch({ name: unitSource });
  const unit = unitOf({ [unitSource]: value }, { unitSource, units });
  if (unit === 'money') return <MoneyInput {...input} />;
  if (unit === 'percent') return <PercentInput {...input} />;
  return null;
}
