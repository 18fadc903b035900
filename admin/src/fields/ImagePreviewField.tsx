// Shows a stored picture (a string field) or pictures (an array of { url, alt }) in lists and show screens
// through the server's WebP variants: a list of banners or a gallery's show page loads 320 px previews,
// never the 10 MB originals.
import { Box, type SxProps, type Theme } from '@mui/material';
import { useFieldValue, useRecordContext, type FieldProps } from 'react-admin';
import { previewUrl } from '../upload';

export interface ImagePreviewFieldProps extends Pick<FieldProps, 'source' | 'label' | 'sortable'> {
  /** For an array of objects: the key of the address. */
  src?: string;
  /** For an array of objects: the key of the alt text. */
  title?: string;
  /** A small thumbnail for a list column. */
  thumbnail?: boolean;
  sx?: SxProps<Theme>;
}

export function ImagePreviewField({
  source,
  src = 'url',
  title = 'alt',
  thumbnail,
  sx,
}: ImagePreviewFieldProps) {
  const record = useRecordContext();
  const value: unknown = useFieldValue({ source, record });
  const items = (Array.isArray(value) ? value : [value])
    .map((v: unknown) => {
      if (typeof v === 'string') return { url: v, alt: '' };
      const item = (v ?? {}) as Record<string, unknown>;
      return { url: item[src], alt: item[title] };
    })
    .filter((i): i is { url: string; alt: unknown } => typeof i.url === 'string' && i.url !== '');
  if (items.length === 0) return null;
  const size = thumbnail ? 64 : 160;
  // A list's thumbnail is the first picture; a show page shows them all.
  const shown = thumbnail ? items.slice(0, 1) : items;
  return (
    <Box sx={sx} style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {shown.map((item, i) => (
        <img
          key={`${item.url}-${i}`}
          src={previewUrl(item.url)}
          alt={typeof item.alt === 'string' ? item.alt : ''}
          loading="lazy"
          style={{ maxWidth: size, maxHeight: size, objectFit: 'contain' }}
        />
      ))}
    </Box>
  );
}
