// The order's lines on its screen: picture, product, article and attributes, the price before and after the
// customer's discounts, quantity, sum, what the line costs on the receipt with the order's discounts and points
// shared out onto it. A table from the tablet up, a stack of rows on a phone. While nothing is paid nor being paid
// (canEditLines), «Изменить состав» turns it into a draft: quantities with steppers, lines removed, offers added
// by article as «Новый заказ» finds them; «Сохранить» sends PUT /api/admin/orders/:id/lines and the server
// prices the order again (stock, discounts, points), so the draft's sums are only the old prices.
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { callAdmin } from '../../../admin-api';
import { formatRubles } from '../../../fields/money';
import { previewUrl } from '../../../upload';
import { OfferLookupHint, useOfferLookup } from './OfferHint';
import {
  addOffer,
  draftChanged,
  draftOf,
  linesRequest,
  MAX_QUANTITY,
  removeLine,
  setQuantity,
  type DraftLine,
  type OrderView,
} from './order-screen';

type Line = OrderView['lines'][number];

const PICTURE = 56;

function Picture({ image, title }: { image: string | null; title: string }) {
  return image ? (
    <img
      src={previewUrl(image)}
      alt={title}
      loading="lazy"
      width={PICTURE}
      height={PICTURE}
      style={{ objectFit: 'contain', display: 'block', borderRadius: 4, background: '#fafafa' }}
    />
  ) : (
    <Box sx={{ width: PICTURE, height: PICTURE, borderRadius: 1, bgcolor: 'grey.100' }} aria-hidden />
  );
}

/** The product's name (a link to it in the catalogue), article and attributes. */
function Product({ line }: { line: Pick<Line, 'title' | 'article' | 'attributeLabels' | 'productId'> }) {
  const attributes = line.attributeLabels.map((a) => `${a.name}: ${a.value}`).join(', ');
  return (
    <Box sx={{ minWidth: 0 }}>
      {line.productId ? (
        <Link component={RouterLink} to={`/products/${line.productId}`} underline="hover" variant="body2">
          {line.title}
        </Link>
      ) : (
        <Typography variant="body2">{line.title}</Typography>
      )}
      {line.article ? (
        <Typography variant="caption" color="text.secondary" component="div">
          Арт. {line.article}
        </Typography>
      ) : null}
      {attributes ? (
        <Typography variant="caption" color="text.secondary" component="div">
          {attributes}
        </Typography>
      ) : null}
    </Box>
  );
}

function Price({ line }: { line: Pick<Line, 'listPrice' | 'price'> }) {
  return (
    <>
      {line.listPrice !== null && line.listPrice > line.price ? (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ textDecoration: 'line-through' }}
          component="div"
        >
          {formatRubles(line.listPrice)}
        </Typography>
      ) : null}
      <span style={{ whiteSpace: 'nowrap' }}>{formatRubles(line.price)}</span>
    </>
  );
}

/** What the line costs on the receipt, with the order's discounts and points shared out onto it. */
function Payable({ line }: { line: Line }) {
  return (
    <>
      <span style={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
        {line.payable === null ? '—' : formatRubles(line.payable)}
      </span>
      {line.discountShare ? (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
          скидка −{formatRubles(line.discountShare)}
        </Typography>
      ) : null}
      {line.bonusShare ? (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
          баллы −{formatRubles(line.bonusShare)}
        </Typography>
      ) : null}
    </>
  );
}

function LinesTable({ lines }: { lines: Line[] }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Товары заказа">
        <TableHead sx={{ '& th': { whiteSpace: 'nowrap' } }}>
          <TableRow>
            <TableCell sx={{ width: PICTURE + 16 }} />
            <TableCell sx={{ minWidth: 200 }}>Товар</TableCell>
            <TableCell align="right">Цена</TableCell>
            <TableCell align="right">Кол-во</TableCell>
            <TableCell align="right">Сумма</TableCell>
            <TableCell align="right">К оплате</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.id} data-testid="order-line">
              <TableCell>
                <Picture image={line.image} title={line.title} />
              </TableCell>
              <TableCell>
                <Product line={line} />
              </TableCell>
              <TableCell align="right">
                <Price line={line} />
              </TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatRubles(line.total)}
              </TableCell>
              <TableCell align="right">
                <Payable line={line} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** A phone's lines: picture and name, then price × quantity and the sum. */
function LinesStack({ lines }: { lines: Line[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Товары заказа">
      {lines.map((line) => (
        <Box
          component="li"
          key={line.id}
          data-testid="order-line"
          sx={{ display: 'flex', gap: 1.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
        >
          <Picture image={line.image} title={line.title} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Product line={line} />
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mt: 0.5 }}>
              <Typography variant="body2" color="text.secondary">
                {formatRubles(line.price)} × {line.quantity}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                {formatRubles(line.payable ?? line.total)}
              </Typography>
            </Box>
            {line.discountShare || line.bonusShare ? (
              <Typography variant="caption" color="text.secondary">
                Сумма {formatRubles(line.total)}
                {line.discountShare ? `, скидка −${formatRubles(line.discountShare)}` : ''}
                {line.bonusShare ? `, баллы −${formatRubles(line.bonusShare)}` : ''}
              </Typography>
            ) : null}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function Stepper({ line, onChange }: { line: DraftLine; onChange: (quantity: number) => void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      <IconButton
        size="small"
        aria-label={`Меньше: ${line.title}`}
        disabled={line.quantity <= 1}
        onClick={() => onChange(line.quantity - 1)}
      >
        <RemoveIcon fontSize="small" />
      </IconButton>
      <TextField
        size="small"
        value={line.quantity}
        onChange={(e) => onChange(Number(e.target.value))}
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            'aria-label': `Количество: ${line.title}`,
            style: { width: 48, textAlign: 'center' },
          },
        }}
      />
      <IconButton
        size="small"
        aria-label={`Больше: ${line.title}`}
        disabled={line.quantity >= MAX_QUANTITY}
        onClick={() => onChange(line.quantity + 1)}
      >
        <AddIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

/** «Добавить товар»: an article, found as on «Новый заказ», and a quantity. */
function AddLine({
  onAdd,
}: {
  onAdd: (lookup: ReturnType<typeof useOfferLookup>, quantity: number) => void;
}) {
  const [article, setArticle] = useState('');
  const [quantity, setQuantityText] = useState('1');
  const lookup = useOfferLookup(article);
  const found = lookup.state === 'found' && lookup.offer.active;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 2 }}>
      <TextField
        size="small"
        label="Артикул"
        value={article}
        onChange={(e) => setArticle(e.target.value)}
        sx={{ width: 200 }}
      />
      <TextField
        size="small"
        label="Количество"
        value={quantity}
        onChange={(e) => setQuantityText(e.target.value.replace(/\D/g, ''))}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ width: 110 }}
      />
      <Button
        startIcon={<AddIcon />}
        disabled={!found}
        onClick={() => {
          onAdd(lookup, Number(quantity) || 1);
          setArticle('');
          setQuantityText('1');
        }}
      >
        Добавить
      </Button>
      <OfferLookupHint lookup={lookup} />
    </Box>
  );
}

function LinesEditor({ view, onDone }: { view: OrderView; onDone: (saved: boolean) => void }) {
  const notify = useNotify();
  const [draft, setDraft] = useState(() => draftOf(view.lines));
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const changed = draftChanged(view.lines, draft);
  const save = async () => {
    setBusy(true);
    try {
      const body = linesRequest(draft, comment);
      const { total } = await callAdmin((api) => api.adminSales.changeOrderLines(view.id, body));
      notify(`Состав заказа № ${view.number} изменён. Итого ${formatRubles(total)}`, { type: 'success' });
      onDone(true);
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error', multiLine: true });
      setBusy(false);
    }
  };
  return (
    <Box data-testid="lines-editor">
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {draft.map((line) => (
          <Box
            component="li"
            key={line.offerId}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 1.5,
              py: 1,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Picture image={line.image} title={line.title} />
            <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
              <Typography variant="body2">{line.title}</Typography>
              <Typography variant="caption" color="text.secondary">
                {line.article ? `Арт. ${line.article} · ` : ''}
                {formatRubles(line.price)}
                {line.added ? ' · добавлен' : ''}
              </Typography>
            </Box>
            <Stepper line={line} onChange={(q) => setDraft((d) => setQuantity(d, line.offerId, q))} />
            <IconButton
              aria-label={`Убрать: ${line.title}`}
              disabled={draft.length <= 1}
              onClick={() => setDraft((d) => removeLine(d, line.offerId))}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
        ))}
      </Box>
      <AddLine
        onAdd={(lookup, quantity) => {
          if (lookup.state === 'found') setDraft((d) => addOffer(d, lookup.offer, quantity));
        }}
      />
      <TextField
        size="small"
        fullWidth
        label="Комментарий к изменению"
        helperText="Попадёт в историю заказа: например, «Покупательница попросила добавить клей»"
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 500 } }}
        sx={{ mt: 2 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Цены, скидки и остатки пересчитает магазин при сохранении.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button variant="contained" disabled={!changed || busy} onClick={() => void save()}>
          {busy ? 'Сохраняем…' : 'Сохранить состав'}
        </Button>
        <Button disabled={busy} onClick={() => onDone(false)}>
          Отменить изменения
        </Button>
      </Box>
    </Box>
  );
}

export function OrderLines({ view, onChanged }: { view: OrderView; onChanged: () => void }) {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  const [editing, setEditing] = useState(false);
  if (editing && view.canEditLines)
    return (
      <LinesEditor
        view={view}
        onDone={(saved) => {
          setEditing(false);
          if (saved) onChanged();
        }}
      />
    );
  return (
    <>
      {wide ? <LinesTable lines={view.lines} /> : <LinesStack lines={view.lines} />}
      {view.canEditLines ? (
        <Button size="small" sx={{ mt: 1 }} onClick={() => setEditing(true)}>
          Изменить состав
        </Button>
      ) : null}
    </>
  );
}
