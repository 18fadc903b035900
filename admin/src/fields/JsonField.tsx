// Shows a JSON value: formatted in a show page, on one shortened line in a list.
import Typography from '@mui/material/Typography';
import { useFieldValue, type FieldProps } from 'react-admin';

export interface JsonFieldProps extends FieldProps {
  /** One line, cut to this many characters (for list columns). */
  inline?: number;
}

export function JsonField({ inline, ...props }: JsonFieldProps) {
  const value: unknown = useFieldValue(props);
  if (value === null || value === undefined) {
    return <Typography variant="body2">{props.emptyText ?? ''}</Typography>;
  }
  if (inline) {
    const text = JSON.stringify(value);
    return (
      <Typography component="span" variant="body2" title={text} sx={{ fontFamily: 'monospace' }}>
        {text.length > inline ? `${text.slice(0, inline)}…` : text}
      </Typography>
    );
  }
  return (
    <Typography
      component="pre"
      variant="body2"
      sx={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap', m: 0 }}
    >
      {JSON.stringify(value, null, 2)}
    </Typography>
  );
}
