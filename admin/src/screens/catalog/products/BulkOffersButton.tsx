// A bulk action of the product list: for the offers of the selected products, set the price, change it by
// a percentage (base and sale prices), and/or set the stock. The server does it in one transaction and
// refuses bad input in Russian with nothing changed.
import { useState } from 'react';
import { useListContext, useNotify, useRefresh, useUnselectAll } from 'react-admin';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import type { AdminBulkOffersRequest } from '@shop/schemas';
import { parseMoney } from '../../../fields/money';
import { callAdmin } from '../../../admin-api';

type PriceMode = 'keep' | 'set' | 'percent';

export function BulkOffersButton() {
  const { selectedIds } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('products');
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<PriceMode>('keep');
  const [price, setPrice] = useState('');
  const [percent, setPercent] = useState('');
  const [withStock, setWithStock] = useState(false);
  const [stock, setStock] = useState('');
  const [saving, setSaving] = useState(false);

  /** The button shows with a selection only: without one there is nothing to send. */
  const body = (): AdminBulkOffersRequest | null => {
    const [first, ...rest] = selectedIds.map(Number);
    if (first === undefined) return null;
    const out: AdminBulkOffersRequest = { ids: [first, ...rest] };
    // Whatever was typed goes to the server as is: it explains in Russian what is wrong.
    if (mode === 'set') out.price = { mode: 'set', value: parseMoney(price) ?? Number.NaN };
    if (mode === 'percent') out.price = { mode: 'percent', value: Number(percent.replace(',', '.')) };
    if (withStock) out.stock = stock.trim() === '' ? Number.NaN : Number(stock);
    return out;
  };

  const submit = async () => {
    // NaN becomes null in JSON: the server then says which value is missing.
    const request = body();
    if (!request) return;
    setSaving(true);
    try {
      const result = await callAdmin((api) => api.adminCatalog.updateOffersInBulk(request));
      notify(`Изменено вариантов: ${result.offers} (товаров: ${result.products})`, { type: 'success' });
      setOpen(false);
      unselectAll();
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button size="small" startIcon={<PriceChangeIcon />} onClick={() => setOpen(true)}>
        Цены и остатки
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="bulk-offers-title">
        <DialogTitle id="bulk-offers-title">Цены и остатки вариантов</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 1 }}>
            Выбрано товаров: {selectedIds.length}. Изменения коснутся всех их вариантов.
          </Typography>
          <RadioGroup value={mode} onChange={(e) => setMode(e.target.value as PriceMode)} aria-label="Цена">
            <FormControlLabel value="keep" control={<Radio />} label="Цену не менять" />
            <FormControlLabel value="set" control={<Radio />} label="Установить цену" />
            <FormControlLabel value="percent" control={<Radio />} label="Изменить цену на %" />
          </RadioGroup>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {mode === 'set' ? (
              <TextField
                label="Новая цена, ₽"
                value={price}
                onChange={(e) => setPrice(e.target.value)}
                inputMode="decimal"
                helperText="Цена без скидки; цена со скидкой не меняется"
              />
            ) : null}
            {mode === 'percent' ? (
              <TextField
                label="Изменение, %"
                value={percent}
                onChange={(e) => setPercent(e.target.value)}
                inputMode="decimal"
                helperText="Например 10 — поднять на 10 %, −5 — снизить на 5 %; меняет и цену со скидкой"
              />
            ) : null}
            <FormControlLabel
              control={<Checkbox checked={withStock} onChange={(e) => setWithStock(e.target.checked)} />}
              label="Установить остаток"
            />
            {withStock ? (
              <TextField
                label="Остаток, шт."
                value={stock}
                onChange={(e) => setStock(e.target.value)}
                inputMode="numeric"
              />
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Отмена</Button>
          <Button
            variant="contained"
            disabled={saving || (mode === 'keep' && !withStock)}
            onClick={() => void submit()}
          >
            Применить
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
