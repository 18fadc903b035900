// Shows an array of enum values as chips with their Russian labels.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useFieldValue, type FieldProps } from 'react-admin';

export interface Choice {
  id: string | number;
  name: string;
}

export interface ChoicesArrayFieldProps extends FieldProps {
  choices: Choice[];
}

export function ChoicesArrayField({ choices, ...props }: ChoicesArrayFieldProps) {
  const value: unknown = useFieldValue(props);
  const values = Array.isArray(value) ? (value as (string | number)[]) : [];
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {values.map((v) => (
        <Chip key={String(v)} size="small" label={choices.find((c) => c.id === v)?.name ?? String(v)} />
      ))}
    </Stack>
  );
}
