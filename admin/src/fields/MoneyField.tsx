// Shows a price stored in kopecks as rubles: 129050 → "1 290,50 ₽".
import Typography from '@mui/material/Typography';
import { useFieldValue, type FieldProps } from 'react-admin';
import { formatRubles } from './money';

export function MoneyField(props: FieldProps) {
  const value: unknown = useFieldValue(props);
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }} className={props.className}>
      {typeof value === 'number' ? formatRubles(value) : (props.emptyText ?? '')}
    </Typography>
  );
}
