// Shows a structured value as what it is, never as JSON text: a list of plain values joined by commas, an
// object as «название: значение» chips (an offer's attributes by their directories' titles: «Изгиб: D»),
// a list of objects as one line of chips per item. In a list column it keeps to one line.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useGetList, useFieldValue, type FieldProps } from 'react-admin';

export interface JsonFieldProps extends FieldProps {
  /** One line, cut to this many characters (for list columns). */
  inline?: number;
  /** Keys and values are directory and entry codes (x-custom-fields "directories"): shown by their titles. */
  directories?: boolean;
}

type Names = (key: string, value: unknown) => { key: string; value: string };

interface Directory {
  id: number;
  code: string;
  title: string;
}

interface Entry {
  id: number;
  directoryId: number;
  code: string;
  title: string;
}

const scalar = (v: unknown) => v === null || typeof v !== 'object';

function plain(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'да' : 'нет';
  if (typeof v === 'number') return String(v).replace('.', ',');
  if (Array.isArray(v) && v.every(scalar)) return v.map(plain).join(', ');
  if (typeof v === 'string') return v;
  return Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${k}: ${plain(x)}`)
    .join('; ');
}

/** Directory and entry titles by their codes; the codes themselves until they load or when unknown. */
function useDirectoryNames(enabled: boolean): Names {
  const options = { enabled, staleTime: 5 * 60_000 };
  const { data: dirs } = useGetList<Directory>(
    'directories',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'sortOrder', order: 'ASC' } },
    options,
  );
  const { data: entries } = useGetList<Entry>(
    'directory-entries',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' } },
    options,
  );
  const dirById = new Map((dirs ?? []).map((d) => [d.id, d]));
  const titles = new Map<string, string>();
  for (const e of entries ?? []) {
    const dir = dirById.get(e.directoryId);
    if (dir) titles.set(`${dir.code}\u0000${e.code}`, e.title);
  }
  const dirTitle = new Map((dirs ?? []).map((d) => [d.code, d.title]));
  return (key, value) => ({
    key: dirTitle.get(key) ?? key,
    value: titles.get(`${key}\u0000${plain(value)}`) ?? plain(value),
  });
}

function Chips({ value, names, dense }: { value: Record<string, unknown>; names: Names; dense: boolean }) {
  const pairs = Object.entries(value).filter(([, v]) => v !== null && v !== undefined && v !== '');
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: dense ? 'nowrap' : 'wrap', gap: 0.5 }}>
      {pairs.map(([k, v]) => {
        const shown = names(k, v);
        return <Chip key={k} size="small" variant="outlined" label={`${shown.key}: ${shown.value}`} />;
      })}
    </Box>
  );
}

export function JsonField({ inline, directories, ...props }: JsonFieldProps) {
  const value: unknown = useFieldValue(props);
  const coded = useDirectoryNames(!!directories);
  const names: Names = directories ? coded : (key, v) => ({ key, value: plain(v) });
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) {
    return <Typography variant="body2">{props.emptyText ?? ''}</Typography>;
  }
  if (scalar(value) || (Array.isArray(value) && value.every(scalar))) {
    const text = plain(value);
    return (
      <Typography component="span" variant="body2" title={inline ? text : undefined}>
        {inline && text.length > inline ? `${text.slice(0, inline)}…` : text}
      </Typography>
    );
  }
  const items = (Array.isArray(value) ? value : [value]) as unknown[];
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      {items.map((item, i) =>
        item !== null && typeof item === 'object' && !Array.isArray(item) ? (
          <Chips key={i} value={item as Record<string, unknown>} names={names} dense={!!inline} />
        ) : (
          <Typography key={i} variant="body2">
            {plain(item)}
          </Typography>
        ),
      )}
    </Box>
  );
}
