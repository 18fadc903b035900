// Shows a percentage with its sign: 7 → "7 %".
import Typography from '@mui/material/Typography';
import { useFieldValue, type FieldProps } from 'react-admin';
import { formatPercent } from './percent';

export function PercentField(props: FieldProps) {
  const value: unknown = useFieldValue(props);
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }} className={props.className}>
      {typeof value === 'number' ? formatPercent(value) : (props.emptyText ?? '')}
    </Typography>
  );
}
