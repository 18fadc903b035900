// A text value with Russian labels for the values the schema knows (x-enum-labels without an enum): a
// payment service's event «payment.canceled» reads «Платёж отменён»; a value it does not know (a new event
// type) is shown as stored rather than refused or hidden.
import { TextField, useFieldValue, type FieldProps } from 'react-admin';
import type { Choice } from './ChoicesArrayField';

export interface LabelledTextFieldProps extends FieldProps {
  choices: Choice[];
}

export function LabelledTextField({ choices, ...props }: LabelledTextFieldProps) {
  const value: unknown = useFieldValue(props);
  const label = choices.find((c) => c.id === value)?.name;
  return label ? <TextField {...props} record={{ id: 0, label }} source="label" /> : <TextField {...props} />;
}
