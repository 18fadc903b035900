// The offer generator of the product form: choose values of the offer directories (curls × thicknesses
// × lengths…), a prefix, a price and a stock; the missing combinations are added to the offers table as
// rows to review before saving.
import { useState } from 'react';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import { parseMoney } from '../../../fields/money';
import { missingOffers, type OfferDraft } from './offer-generator';
import type { OfferDirectory } from './useOfferDirectories';

interface Props {
  directories: OfferDirectory[];
  existing: () => Pick<OfferDraft, 'article' | 'attributes'>[];
  onAdd: (drafts: OfferDraft[], usedDirectories: string[]) => void;
}

export function OfferGenerator({ directories, existing, onAdd }: Props) {
  const [open, setOpen] = useState(false);
  const [prefix, setPrefix] = useState('');
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const [price, setPrice] = useState('');
  const [stock, setStock] = useState('0');

  const basePrice = price.trim() === '' ? null : parseMoney(price);
  const stockValue = Number(stock);
  const priceError =
    price.trim() !== '' && basePrice === null ? 'Цена в рублях, например 790 или 790,50' : '';
  const stockError = !Number.isInteger(stockValue) || stockValue < 0 ? 'Целое число не меньше 0' : '';
  const selection = directories.map((d) => ({ directory: d.code, codes: chosen[d.code] ?? [] }));
  const drafts =
    open && !priceError && !stockError
      ? missingOffers(existing(), { prefix, selection, basePrice, stock: stockValue })
      : [];

  const toggle = (directory: string, code: string) =>
    setChosen((c) => {
      const list = c[directory] ?? [];
      return { ...c, [directory]: list.includes(code) ? list.filter((x) => x !== code) : [...list, code] };
    });

  // The product's own prefix when its offers have one (LE132-CC-005-9 → LE132).
  const start = () => {
    const first = existing().find((o) => o.article.includes('-'));
    if (!prefix && first) setPrefix(first.article.split('-')[0]!);
    setOpen(true);
  };

  const add = () => {
    onAdd(
      drafts,
      selection.filter((s) => s.codes.length > 0).map((s) => s.directory),
    );
    setOpen(false);
    setChosen({});
  };

  return (
    <>
      <Button startIcon={<AutoFixHighIcon />} onClick={start}>
        Сгенерировать варианты
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        maxWidth="md"
        fullWidth
        aria-labelledby="offer-generator"
      >
        <DialogTitle id="offer-generator">Генератор вариантов</DialogTitle>
        <DialogContent>
          <Stack direction="row" spacing={2} sx={{ mt: 1, mb: 2 }}>
            <TextField
              label="Префикс артикула"
              value={prefix}
              onChange={(e) => setPrefix(e.target.value)}
              helperText="Например LB: получится LB-D-007-11"
            />
            <TextField
              label="Цена, ₽"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              error={!!priceError}
              helperText={priceError || 'Можно заполнить потом в таблице'}
              inputMode="decimal"
            />
            <TextField
              label="Остаток"
              value={stock}
              onChange={(e) => setStock(e.target.value)}
              error={!!stockError}
              helperText={stockError || ' '}
              inputMode="numeric"
            />
          </Stack>
          {directories.map((d) => (
            <Box key={d.code} role="group" aria-label={d.title} sx={{ mb: 2 }}>
              <Typography variant="subtitle2">{d.title}</Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                {d.entries.map((e) => {
                  const on = (chosen[d.code] ?? []).includes(e.code);
                  return (
                    <Chip
                      key={e.code}
                      label={e.title}
                      clickable
                      color={on ? 'primary' : 'default'}
                      variant={on ? 'filled' : 'outlined'}
                      onClick={() => toggle(d.code, e.code)}
                      aria-pressed={on}
                    />
                  );
                })}
              </Box>
            </Box>
          ))}
          <Typography color="text.secondary">
            {drafts.length > 0
              ? `Будут добавлены варианты: ${drafts.map((o) => o.article).join(', ')}`
              : 'Выберите значения: будут добавлены сочетания, которых ещё нет у товара.'}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Отмена</Button>
          <Button variant="contained" disabled={drafts.length === 0} onClick={add}>
            {`Добавить варианты (${drafts.length})`}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
