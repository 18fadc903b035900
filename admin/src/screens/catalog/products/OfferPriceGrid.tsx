// A product's variants as a grid of prices and stock: a row per variant named by its article and its
// characteristics (read, not edited here), the price, the sale price and the stock typed in place. It edits
// the same form values as the full table (OffersInput.tsx), so «Сохранить» sends every changed variant with
// the product in one request, which the CRUD layer validates and writes in one transaction with its history
// (a negative stock is refused in Russian there, as in the form). Enter moves down a column, as in a
// spreadsheet; a changed cell is marked.
import type { KeyboardEvent } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { NumberInput, useArrayInput } from 'react-admin';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { MoneyInput, useFieldWritable } from '../../../fields';
import type { OfferDraft } from './offer-generator';
import type { OfferDirectory } from './useOfferDirectories';

/** The grid's editable columns, in order: the field of an offer and its header. */
const COLUMNS = [
  { field: 'basePrice', title: 'Цена' },
  { field: 'salePrice', title: 'Цена со скидкой' },
  { field: 'stock', title: 'Остаток' },
] as const;

/** «Изгиб C · Толщина 0,10 · Длина 9 мм»: an offer's characteristics by the titles of their directories. */
export function describeAttributes(
  attributes: Record<string, string> | undefined,
  directories: OfferDirectory[],
) {
  const order = (code: string) => {
    const at = directories.findIndex((d) => d.code === code);
    return at < 0 ? directories.length : at;
  };
  return Object.entries(attributes ?? {})
    .filter(([, value]) => value !== '' && value != null)
    .sort(([a], [b]) => order(a) - order(b))
    .map(([code, value]) => {
      const directory = directories.find((d) => d.code === code);
      const entry = directory?.entries.find((e) => e.code === value);
      return `${directory?.title ?? code} ${entry?.title ?? value}`;
    })
    .join(' · ');
}

/** Enter (or Shift+Enter) goes to the same column of the next (previous) row. */
function moveDown(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Enter') return;
  const input = event.target as HTMLInputElement;
  const column = input.dataset.column;
  if (!column) return;
  event.preventDefault();
  const cells = [...event.currentTarget.querySelectorAll<HTMLInputElement>(`input[data-column="${column}"]`)];
  const next = cells[cells.indexOf(input) + (event.shiftKey ? -1 : 1)];
  if (next) {
    next.focus();
    next.select();
  }
}

const cell = { px: 0.75, py: 0.5, verticalAlign: 'top' } as const;

export function OfferPriceGrid({ directories }: { directories: OfferDirectory[] }) {
  const { fields } = useArrayInput();
  const offers = (useWatch({ name: 'offers' }) ?? []) as OfferDraft[];
  const { defaultValues } = useFormState();
  const { getFieldState } = useFormContext();
  const writable = useFieldWritable('products');
  const saved = (defaultValues?.offers ?? []) as (Partial<OfferDraft> | undefined)[];
  if (fields.length === 0)
    return (
      <Typography color="text.secondary">Вариантов пока нет: добавьте их во вкладке «Все поля»</Typography>
    );
  return (
    <TableContainer sx={{ maxWidth: '100%' }} onKeyDown={moveDown}>
      <Table size="small" aria-label="Цены и остатки вариантов" sx={{ '& td, & th': cell }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Вариант
            </TableCell>
            {COLUMNS.map((c) => (
              <TableCell key={c.field} component="th" scope="col" sx={{ width: 150 }}>
                {c.title}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {fields.map((field, index) => {
            const offer = offers[index];
            const name = offer?.article || `Вариант ${index + 1}`;
            const described = describeAttributes(offer?.attributes, directories);
            return (
              <TableRow key={field.id}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 'normal' }}>
                  <Typography variant="body2" component="div" sx={{ fontWeight: 500 }}>
                    {name}
                  </Typography>
                  {described ? (
                    <Typography variant="body2" component="div" color="text.secondary">
                      {described}
                    </Typography>
                  ) : null}
                  {offer && !offer.active ? (
                    <Typography variant="caption" color="text.secondary">
                      Не продаётся
                    </Typography>
                  ) : null}
                </TableCell>
                {COLUMNS.map(({ field: key, title }) => {
                  const source = `${index}.${key}`;
                  const changed =
                    saved[index] !== undefined &&
                    (saved[index]?.[key] ?? null) !== (offer?.[key] ?? null) &&
                    !getFieldState(`offers.${source}`).invalid;
                  const common = {
                    source,
                    label: false as const,
                    helperText: false as const,
                    margin: 'none' as const,
                    variant: 'outlined' as const,
                    readOnly: !writable(`offers.${key}`),
                    className: changed ? 'ShopGrid-changed' : undefined,
                    slotProps: { htmlInput: { 'aria-label': `${title}: ${name}`, 'data-column': key } },
                  };
                  return (
                    <TableCell key={key} sx={changed ? { bgcolor: 'action.selected' } : undefined}>
                      {key === 'stock' ? (
                        // No min: the browser would refuse a negative number itself, in its own words (in
                        // English); the form's check says it in Russian.
                        <NumberInput {...common} size="small" />
                      ) : (
                        <MoneyInput {...common} />
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
