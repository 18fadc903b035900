// The administrator's order screen at /nuxt/orders/{number} (spec §2 `orders/{name}`): the orders resource's
// edit screen (x-components in orders.schema.json), addressed by the order's number. One read,
// GET /api/admin/orders/by-number/:number, gives everything else shown: the header with the number, date, status
// and payment chips and the buttons the role may press now (OrderActions), the lines (OrderLines), the
// customer and company, delivery with the shipment at its carrier (DeliveryCard: «Передать в СДЭК», read
// through its own endpoint), payment with its attempts and the provider's notifications (one that came
// after the order was canceled stands at the top; an organisation's invoice PDF), the totals, the history, and
// the manager's comment, saved through PUT /api/admin/orders/:id/manager-comment (orders are history: the
// generic CRUD never edits them). An address with the numeric id (react-admin's reference links, the
// desktop) opens the same order at its number.
import PaymentIcon from '@mui/icons-material/CreditCard';
import PdfIcon from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { Title, useGetOne, useNotify, type RaRecord } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { callAdmin, getAdminFile } from '../../../admin-api';
import { saveBlob } from '../../../csv/download';
import { formatRubles } from '../../../fields/money';
import { useAdminRead } from '../../../useAdminGet';
import { DeliveryCard } from './DeliveryCard';
import { OrderActions } from './OrderActions';
import { Refunds } from './Refunds';
import { OrderLines } from './OrderLines';
import { Row } from './Row';
import { Section } from './Section';
import { lateNotifications, moscowTime, PAYMENT_COLORS, STATUS_COLORS, type OrderView } from './order-screen';

/** «Недостаточно средств» inside a sentence: «причина отказа: недостаточно средств» (3-D Secure keeps its capitals). */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function Header({ view, onChanged }: { view: OrderView; onChanged: () => void }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: { sm: 'flex-start' },
        justifyContent: 'space-between',
      }}
    >
      <Box>
        <Link component={RouterLink} to="/orders" variant="body2" underline="hover">
          ← Все заказы
        </Link>
        <Typography variant="h5" component="h1" sx={{ mt: 0.5 }}>
          Заказ № {view.number}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            от {moscowTime(view.createdAt)}
          </Typography>
          <Chip
            size="small"
            color={STATUS_COLORS[view.status]}
            label={view.statusLabel}
            data-testid="order-status"
          />
          {/* «Оплачен» can be both: the card icon tells the payment's chip from the status's. */}
          <Chip
            size="small"
            variant="outlined"
            icon={<PaymentIcon />}
            color={PAYMENT_COLORS[view.paymentStatus]}
            label={view.paymentStatusLabel}
            title="Статус оплаты"
            data-testid="order-payment-status"
          />
        </Box>
      </Box>
      <OrderActions view={view} onChanged={onChanged} />
    </Box>
  );
}

/** What needs the administrator's eye first: money that came for a canceled order, the reason of a cancel. */
function Notices({ view }: { view: OrderView }) {
  const late = lateNotifications(view);
  return (
    <>
      {late.length > 0 ? (
        <Alert severity="error" data-testid="late-payment">
          <AlertTitle>Оплата пришла после отмены заказа</AlertTitle>
          {late.map((n) => (
            <div key={n.id}>
              {moscowTime(n.createdAt)} · {n.event}
              {n.providerPaymentId ? ` · платёж ${n.providerPaymentId}` : ''}
              {n.message ? ` — ${n.message}` : ''}
            </div>
          ))}
          Проверьте возврат денег покупателю в разделе «Оплата».
        </Alert>
      ) : null}
      {view.status === 'canceled' && view.cancelReason ? (
        <Alert severity="info">
          Заказ отменён{view.canceledAt ? ` ${moscowTime(view.canceledAt)}` : ''}: {view.cancelReason}
        </Alert>
      ) : null}
    </>
  );
}

function CustomerCard({ view }: { view: OrderView }) {
  const { customer, organization: org } = view;
  return (
    <Section title="Покупатель" testId="order-customer">
      <Typography variant="subtitle1">{customer.name}</Typography>
      <Row label="Телефон">
        <Link href={`tel:${customer.phone}`}>{customer.phone}</Link>
      </Row>
      <Row label="E-mail">
        {customer.email ? <Link href={`mailto:${customer.email}`}>{customer.email}</Link> : null}
      </Row>
      <Row label="Аккаунт">
        {customer.account ? (
          <>
            <Link component={RouterLink} to={`/users/${customer.account.id}`}>
              {customer.account.name || customer.account.email}
            </Link>
            {customer.account.userType ? ` · ${customer.account.userType}` : ''}
            {customer.account.active ? '' : ' · отключён'}
          </>
        ) : (
          'без аккаунта'
        )}
      </Row>
      <Row label="От имени группы">{customer.group?.title}</Row>
      {view.comment ? (
        <Box sx={{ mt: 1, p: 1, bgcolor: 'grey.50', borderRadius: 1 }}>
          <Typography variant="caption" color="text.secondary">
            Комментарий покупателя
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {view.comment}
          </Typography>
        </Box>
      ) : null}
      {org ? (
        <Box data-testid="order-organization">
          <Divider sx={{ my: 1.5 }} />
          <Typography variant="subtitle2">
            <Link component={RouterLink} to={`/users-organizations/${org.id}`}>
              {org.name}
            </Link>{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              {org.legalFormLabel}
            </Typography>
          </Typography>
          <Row label="ИНН / КПП">{[org.inn, org.kpp].filter(Boolean).join(' / ')}</Row>
          <Row label="ОГРН">{org.ogrn}</Row>
          <Row label="Руководитель">{org.directorName}</Row>
          <Row label="Юр. адрес">{org.legalAddress}</Row>
          <Row label="Факт. адрес">{org.actualAddress}</Row>
          <Row label="Банк">{org.bankName}</Row>
          <Row label="БИК">{org.bik}</Row>
          <Row label="Р/с">{org.settlementAccount}</Row>
          <Row label="К/с">{org.correspondentAccount}</Row>
        </Box>
      ) : null}
    </Section>
  );
}

/** The invoice PDF of an order an organisation pays by invoice (GET /api/admin/orders/:id/invoice.pdf). */
function InvoiceButton({ view }: { view: OrderView }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await getAdminFile(`/orders/${view.id}/invoice.pdf`), `schet-${view.number}.pdf`);
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      startIcon={<PdfIcon />}
      disabled={busy}
      onClick={() => void download()}
      sx={{ mt: 1 }}
    >
      Счёт на оплату (PDF)
    </Button>
  );
}

function PaymentCard({ view, onChanged }: { view: OrderView; onChanged: () => void }) {
  const p = view.payment;
  return (
    <Section title="Оплата" testId="order-payment">
      <Typography variant="subtitle1">{p.title ?? 'Способ оплаты удалён'}</Typography>
      <Row label="Вид">
        {[p.kindLabel, p.provider && p.provider !== 'manual' ? p.providerLabel : null]
          .filter(Boolean)
          .join(' · ')}
      </Row>
      <Row label="Статус">{view.paymentStatusLabel}</Row>
      <Row label="Оплачен">{view.paidAt ? moscowTime(view.paidAt) : null}</Row>
      <Row label="ID платежа">{p.paymentId}</Row>
      {p.kind === 'invoice' && view.organization ? <InvoiceButton view={view} /> : null}
      <Refunds view={view} onChanged={onChanged} />
      {view.attempts.length > 0 ? (
        <>
          <Divider sx={{ my: 1.5 }} />
          <Typography variant="subtitle2" gutterBottom>
            Платежи
          </Typography>
          {view.attempts.map((a) => (
            <Box
              key={a.id}
              sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}
              data-testid="payment-attempt"
            >
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {formatRubles(a.amount)}
                </Typography>
                <Chip
                  size="small"
                  label={a.statusLabel}
                  color={a.status === 'succeeded' ? 'success' : 'default'}
                />
                {a.test ? <Chip size="small" variant="outlined" label="тест" /> : null}
                <Typography variant="caption" color="text.secondary">
                  {moscowTime(a.createdAt)}
                </Typography>
              </Box>
              <Typography
                variant="caption"
                color="text.secondary"
                component="div"
                sx={{ overflowWrap: 'anywhere' }}
              >
                {[
                  a.providerPaymentId ? `ID ${a.providerPaymentId}` : null,
                  a.paidAt ? `оплачен ${moscowTime(a.paidAt)}` : null,
                  a.refundedAmount ? `возвращено ${formatRubles(a.refundedAmount)}` : null,
                  a.refundStatusLabel ? `возврат: ${a.refundStatusLabel.toLowerCase()}` : null,
                  a.cancellationReasonLabel
                    ? `причина отказа: ${lowerFirst(a.cancellationReasonLabel)}`
                    : null,
                  a.error ? `ошибка: ${a.error}` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </Box>
          ))}
        </>
      ) : null}
      {view.notifications.length > 0 ? (
        <>
          <Divider sx={{ my: 1.5 }} />
          <Typography variant="subtitle2" gutterBottom>
            Уведомления платёжного сервиса
          </Typography>
          {view.notifications.map((n) => (
            <Box key={n.id} sx={{ py: 0.5 }} data-testid="payment-notification">
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <Chip
                  size="small"
                  label={n.outcomeLabel}
                  color={n.outcome === 'late' ? 'error' : n.outcome === 'refused' ? 'warning' : 'default'}
                />
                <Typography variant="body2">{n.eventLabel}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {moscowTime(n.createdAt)}
                </Typography>
              </Box>
              {n.message ? (
                <Typography variant="caption" color="text.secondary" component="div">
                  {n.message}
                </Typography>
              ) : null}
            </Box>
          ))}
        </>
      ) : null}
    </Section>
  );
}

function TotalRow({ label, value, strong }: { label: ReactNode; value: string; strong?: boolean }) {
  const variant = strong ? 'subtitle1' : 'body2';
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <Typography variant={variant} sx={{ fontWeight: strong ? 600 : undefined }}>
        {label}
      </Typography>
      <Typography variant={variant} sx={{ fontWeight: strong ? 600 : undefined, whiteSpace: 'nowrap' }}>
        {value}
      </Typography>
    </Box>
  );
}

const points = new Intl.PluralRules('ru');
const POINT_FORMS: Record<string, string> = { one: 'балл', few: 'балла', many: 'баллов', other: 'балла' };
const pointsText = (n: number) => `${n.toLocaleString('ru-RU')} ${POINT_FORMS[points.select(n)]}`;

function Totals({ view }: { view: OrderView }) {
  const t = view.totals;
  return (
    <Box data-testid="order-totals" sx={{ maxWidth: 420, ml: 'auto', mt: 2 }}>
      <TotalRow label="Товары" value={formatRubles(t.itemsTotal)} />
      {t.discounts.map((d, i) => (
        <TotalRow key={i} label={d.title} value={`−${formatRubles(d.amount)}`} />
      ))}
      {t.discounts.length === 0 && t.discountTotal > 0 ? (
        <TotalRow label="Скидка" value={`−${formatRubles(t.discountTotal)}`} />
      ) : null}
      {t.bonusSpent > 0 ? (
        <TotalRow
          label={`Оплачено баллами: ${pointsText(t.bonusSpent)}`}
          value={`−${formatRubles(t.bonusAmount)}`}
        />
      ) : null}
      <TotalRow label="Доставка" value={t.deliveryPrice ? formatRubles(t.deliveryPrice) : 'бесплатно'} />
      <Divider sx={{ my: 0.5 }} />
      <TotalRow label="Итого" value={formatRubles(t.total)} strong />
      {view.couponCode ? (
        <Typography variant="caption" color="text.secondary" component="div">
          Промокод {view.couponCode}
        </Typography>
      ) : null}
      {t.bonusAccrued > 0 ? (
        <Typography variant="caption" color="text.secondary" component="div">
          Начислено за заказ: {pointsText(t.bonusAccrued)}
        </Typography>
      ) : null}
    </Box>
  );
}

function History({ view }: { view: OrderView }) {
  if (view.history.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        Событий пока нет
      </Typography>
    );
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="order-history">
      {view.history.map((e, i) => (
        <Box
          component="li"
          key={e.id}
          data-testid="history-event"
          sx={{
            position: 'relative',
            pl: 3,
            pb: i === view.history.length - 1 ? 0 : 2,
            // The timeline: a dot per event on a line down to the next one.
            '&::before': {
              content: '""',
              position: 'absolute',
              left: 5,
              top: 6,
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: i === view.history.length - 1 ? 'primary.main' : 'grey.400',
            },
            '&::after':
              i === view.history.length - 1
                ? undefined
                : {
                    content: '""',
                    position: 'absolute',
                    left: 9,
                    top: 18,
                    bottom: 0,
                    width: 2,
                    bgcolor: 'grey.300',
                  },
          }}
        >
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {e.title}
            {e.kind === 'status' && e.fromStatusLabel && e.toStatusLabel ? (
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                ({e.fromStatusLabel} → {e.toStatusLabel})
              </Typography>
            ) : null}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {moscowTime(e.createdAt)} · {e.actorName ? `${e.actorName} (${e.actorLabel})` : e.actorLabel}
            {e.public ? '' : ' · не видно покупателю'}
          </Typography>
          {e.comment ? (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {e.comment}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}

/** The manager's comment, saved by the order's own endpoint (with the stale check of a form). */
function ManagerComment({ view, onSaved }: { view: OrderView; onSaved: () => void }) {
  const notify = useNotify();
  const stored = view.managerComment ?? '';
  const [text, setText] = useState(stored);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const body = { managerComment: text.trim() || null, updatedAt: view.updatedAt };
      await callAdmin((api) => api.adminSales.setManagerComment(view.id, body));
      notify('Комментарий менеджера сохранён', { type: 'success' });
      onSaved();
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error', multiLine: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title="Комментарий менеджера" testId="manager-comment">
      <TextField
        fullWidth
        multiline
        minRows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        label="Комментарий менеджера"
        helperText="Виден только сотрудникам магазина"
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />
      <Button
        sx={{ mt: 1 }}
        variant="outlined"
        disabled={busy || text.trim() === stored.trim()}
        onClick={() => void save()}
      >
        {busy ? 'Сохраняем…' : 'Сохранить комментарий'}
      </Button>
    </Section>
  );
}

const column = {
  display: { xs: 'contents', lg: 'grid' },
  gap: 2,
  minWidth: 0,
  alignContent: 'start',
  // Grid items keep to their column: a wide table scrolls inside its card instead of pushing out.
  '& > *': { minWidth: 0 },
} as const;

function OrderByNumber({ number }: { number: string }) {
  const { data: view, error, reload } = useAdminRead(number, (api) => api.adminSales.orderByNumber(number));
  return (
    <Box sx={{ mt: 2, mb: 4 }} data-testid="order-screen">
      <Title title={`Заказ № ${number}`} />
      {error ? <Alert severity="error">{error}</Alert> : null}
      {!view && !error ? <LinearProgress /> : null}
      {view ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Header view={view} onChanged={reload} />
          <Notices view={view} />
          {/* Two columns from a wide screen; on a phone one, customer and delivery before the history
              (the columns' boxes step aside with display: contents, and `order` places their cards). */}
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(320px, 1fr)' },
              alignItems: 'start',
            }}
          >
            <Box sx={column}>
              <Box sx={{ order: 1 }}>
                <Section title="Товары" testId="order-lines">
                  <OrderLines view={view} onChanged={reload} />
                  <Totals view={view} />
                </Section>
              </Box>
              <Box sx={{ order: 5 }}>
                <Section title="История" testId="order-events">
                  <History view={view} />
                </Section>
              </Box>
            </Box>
            <Box sx={column}>
              <Box sx={{ order: 2 }}>
                <CustomerCard view={view} />
              </Box>
              <Box sx={{ order: 3 }}>
                <DeliveryCard view={view} onChanged={reload} />
              </Box>
              <Box sx={{ order: 4 }}>
                <PaymentCard view={view} onChanged={reload} />
              </Box>
              <Box sx={{ order: 6 }}>
                {/* A new stored comment (this save, or another's) starts the field afresh. */}
                <ManagerComment key={view.managerComment ?? ''} view={view} onSaved={reload} />
              </Box>
            </Box>
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

/** /orders/123 (a reference link by id): the same order at its number. */
function OrderById({ id }: { id: number }) {
  const navigate = useNavigate();
  const { data, error } = useGetOne<RaRecord & { number?: string }>('orders', { id });
  useEffect(() => {
    if (data?.number) void navigate(`/orders/${encodeURIComponent(data.number)}`, { replace: true });
  }, [data, navigate]);
  if (error)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {error instanceof Error ? error.message : 'Заказ не найден'}
      </Alert>
    );
  return <LinearProgress sx={{ mt: 2 }} />;
}

export function OrderScreen() {
  const { id = '' } = useParams();
  return /^\d+$/.test(id) ? <OrderById id={Number(id)} /> : <OrderByNumber key={id} number={id} />;
}
