// «Новый заказ»: the order's lines and its live total. Whatever changes the price (the customer, a line, the
// promo code, the points, the delivery and its city, the payment) asks POST /api/admin/orders/quote again a
// moment later: the server prices the form as placing it would (the same engine, customer and delivery), so
// the total shown is the order's total, and placing sends it back as expectedTotal. The lines show the
// quote's photo, variant, price for this customer and what keeps a line from being ordered.
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useGetOne } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { AdminOrderQuote, AdminOrderQuoteRequest } from '@shop/schemas';
import { countOf } from '@shop/schemas/rules/plural';
import { callAdmin } from '../../../admin-api';
import { formatRubles } from '../../../fields/money';
import { quoteRequest, type FormLine, type PlaceOrderValues } from './place-order';
import type { PickedOffer } from './ProductPicker';

const DEBOUNCE_MS = 400;

export interface LiveQuote {
  /** The request the shown quote answers (JSON), or null. */
  key: string | null;
  quote: AdminOrderQuote | null;
  error: string | null;
  /** The form changed since the shown quote: a new one is on its way. */
  stale: boolean;
}

/** The delivery service's kind: which address fields the quote (as the order) is priced with. */
function useDeliveryKind(): string | undefined {
  const id = useWatch<PlaceOrderValues, 'deliveryServiceId'>({ name: 'deliveryServiceId' });
  const { data } = useGetOne<{ id: number; kind?: string }>(
    'delivery-services',
    { id: id as number },
    { enabled: !!id },
  );
  return id ? data?.kind : undefined;
}

/** The quote of the form as it is now, asked again a moment after it changes. */
export function useLiveQuote(): LiveQuote {
  const values = useWatch<PlaceOrderValues>();
  const kind = useDeliveryKind();
  const request: AdminOrderQuoteRequest | null = quoteRequest(values, kind);
  const key = request ? JSON.stringify(request) : null;
  const [shown, setShown] = useState<Omit<LiveQuote, 'stale'>>({ key: null, quote: null, error: null });
  // The request of the latest key, read when the timer fires.
  const latest = useRef(request);
  latest.current = request;
  useEffect(() => {
    if (key === null) return;
    let live = true;
    const timer = setTimeout(() => {
      const body = latest.current!;
      callAdmin((api) => api.adminSales.quoteOrder(body)).then(
        (quote) => live && setShown({ key, quote, error: null }),
        (e: Error) => live && setShown({ key, quote: null, error: e.message }),
      );
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key]);
  if (key === null) return { key: null, quote: null, error: null, stale: false };
  return { ...shown, stale: shown.key !== key };
}

const piecesText = (n: number) => countOf(n, ['штука', 'штуки', 'штук']);

/** The form's lines with what the quote says of each; quantities change here, lines go. */
export function OrderLinesTable({
  live,
  picked,
}: {
  live: LiveQuote;
  /** What the picker said of the variants it added: shown until the quote names them. */
  picked: Readonly<Record<string, PickedOffer>>;
}) {
  const { setValue } = useFormContext();
  const lines = (useWatch({ name: 'lines' }) ?? []) as FormLine[];
  const set = (next: FormLine[]) => setValue('lines', next, { shouldDirty: true });
  if (!lines.length)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="order-lines-empty">
        Товаров пока нет: найдите их слева по названию или артикулу
      </Typography>
    );
  const byArticle = new Map((live.quote?.lines ?? []).map((l) => [l.article, l]));
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Товары заказа">
      {lines.map((line, index) => {
        const q = byArticle.get(line.article);
        const known = picked[line.article];
        const image = q?.image ?? known?.image ?? null;
        const variant = q?.variant ?? known?.variant;
        return (
          <Box
            component="li"
            key={line.article}
            data-testid="order-line"
            sx={{
              display: 'grid',
              gridTemplateColumns: '48px minmax(0, 1fr) auto',
              gap: 1.5,
              py: 1,
              borderBottom: 1,
              borderColor: 'divider',
              alignItems: 'start',
            }}
          >
            <Box sx={{ width: 48, height: 48, borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden' }}>
              {image ? (
                <Box
                  component="img"
                  src={image}
                  alt=""
                  sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                />
              ) : null}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2">{q?.title ?? known?.title ?? line.article}</Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                Арт. {line.article}
                {variant ? ` · ${variant}` : ''}
              </Typography>
              {q && q.problem ? (
                <Typography variant="caption" component="div">
                  {formatRubles(q.price)} за штуку
                </Typography>
              ) : q ? (
                <Typography variant="caption" component="div">
                  {q.unitPrice < q.price ? (
                    <Box component="s" sx={{ color: 'text.secondary', mr: 0.5 }}>
                      {formatRubles(q.price)}
                    </Box>
                  ) : null}
                  {formatRubles(q.unitPrice)} × {line.quantity} = <b>{formatRubles(q.total)}</b>
                  {` · на складе ${piecesText(q.stock)}`}
                </Typography>
              ) : null}
              {q?.problem ? (
                <Typography variant="caption" color="error" component="div" role="alert">
                  {q.problem}
                </Typography>
              ) : null}
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <TextField
                size="small"
                type="number"
                value={line.quantity}
                onChange={(e) => {
                  const n = Math.trunc(Number(e.target.value));
                  if (!Number.isFinite(n)) return;
                  set(
                    lines.map((l, i) =>
                      i === index ? { ...l, quantity: Math.min(Math.max(n, 1), 9999) } : l,
                    ),
                  );
                }}
                slotProps={{
                  htmlInput: { min: 1, max: 9999, step: 1, 'aria-label': `Количество, арт. ${line.article}` },
                }}
                sx={{ width: 80 }}
              />
              <IconButton
                aria-label={`Убрать арт. ${line.article}`}
                onClick={() => set(lines.filter((_, i) => i !== index))}
              >
                <DeleteIcon />
              </IconButton>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

function Sum({
  label,
  value,
  strong,
  testId,
}: {
  label: ReactNode;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }} data-testid={testId}>
      <Typography variant={strong ? 'subtitle1' : 'body2'} sx={strong ? { fontWeight: 600 } : undefined}>
        {label}
      </Typography>
      <Typography
        variant={strong ? 'subtitle1' : 'body2'}
        sx={{ whiteSpace: 'nowrap', ...(strong ? { fontWeight: 600 } : {}) }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** The total as placing would make it, with its parts, and every reason the order cannot be placed yet. */
export function QuoteTotals({ live }: { live: LiveQuote }) {
  const { quote, error, stale, key } = live;
  if (key === null) return null;
  return (
    <Box data-testid="live-total" aria-live="polite" sx={{ mt: 2 }}>
      <Divider sx={{ mb: 1 }} />
      {stale ? (
        <LinearProgress aria-label="Пересчитываем сумму" data-testid="quote-pending" sx={{ mb: 1 }} />
      ) : null}
      {error ? <Alert severity="error">{error}</Alert> : null}
      {quote ? (
        <Box sx={{ opacity: stale ? 0.6 : 1 }}>
          <Sum
            label={`Товары (${piecesText(quote.totals.quantity)})`}
            value={formatRubles(quote.totals.goods)}
          />
          {quote.discounts.map((d, i) => (
            <Sum key={i} label={d.title} value={`−${formatRubles(d.amount)}`} />
          ))}
          {quote.coupon && !quote.coupon.applied ? (
            <Typography variant="caption" color="warning.main" component="div">
              Промокод {quote.coupon.code}: {quote.coupon.message}
            </Typography>
          ) : null}
          {quote.bonuses.spent > 0 ? (
            <Sum label={`Баллами (${quote.bonuses.spent})`} value={`−${formatRubles(quote.bonuses.value)}`} />
          ) : null}
          <Sum
            label={quote.delivery ? `Доставка: ${quote.delivery.title}` : 'Доставка'}
            value={
              quote.delivery
                ? quote.delivery.price
                  ? formatRubles(quote.delivery.price)
                  : 'бесплатно'
                : 'не выбрана'
            }
          />
          <Sum
            label="Итого к оплате"
            value={formatRubles(quote.totals.total)}
            strong
            testId="live-total-sum"
          />
          <Typography variant="caption" color="text.secondary" component="div">
            Расчёт магазина для этого покупателя: его цены и скидки, акции корзины, промокод, баллы и доставка
            — столько будет в заказе.
          </Typography>
          {quote.problems.length ? (
            <Alert severity="warning" sx={{ mt: 1 }} data-testid="quote-problems">
              {quote.problems.map((p) => (
                <div key={p}>{p}</div>
              ))}
            </Alert>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
