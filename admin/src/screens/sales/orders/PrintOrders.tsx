// /nuxt/print-orders?ids=…: the orders chosen in the list («Печать» among its bulk actions), ready to print: a
// packing list per order (its lines with article, variant and quantity, a box to tick, the customer, the
// delivery address, the comments, what the courier takes on delivery) and, for an order paid by invoice, its
// invoice laid out from the texts of the invoice's own builder (GET /api/admin/orders/print). Outside the
// admin's layout; each sheet starts a new page on paper, and the page's own buttons are not printed.
import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Title, useAuthenticated } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { AdminInvoiceSheet, AdminOrderPrint } from '@shop/schemas';
import { countOf } from '@shop/schemas/rules/plural';
import { formatRubles } from '../../../fields/money';
import { RoleGate } from '../../../RoleGate';
import { useAdminRead } from '../../../useAdminGet';
import { addressLines, moscowTime, type OrderView } from './order-screen';

const piecesText = (n: number) => countOf(n, ['штука', 'штуки', 'штук']);

/** «12.05.2026» from YYYY-MM-DD (a calendar day, no time zone). */
const dayOf = (date: string) => date.split('-').reverse().join('.');

/** Paper: A4, black on white, each sheet on its own page, the screen's controls left out. */
const PRINT_STYLES = (
  <GlobalStyles
    styles={{
      '@page': { size: 'A4', margin: '12mm' },
      '@media print': {
        body: { background: '#fff !important' },
        '.print-controls': { display: 'none !important' },
        '.print-sheet': {
          breakAfter: 'page',
          boxShadow: 'none !important',
          border: 'none !important',
          margin: '0 !important',
          padding: '0 !important',
          maxWidth: 'none !important',
        },
        '.print-sheet:last-child': { breakAfter: 'auto' },
        '.print-sheet tr': { breakInside: 'avoid' },
      },
    }}
  />
);

const cell = { border: '1px solid', borderColor: 'grey.500', px: 1, py: 0.5, verticalAlign: 'top' } as const;
const head = { ...cell, bgcolor: 'grey.100', fontWeight: 600, textAlign: 'left' } as const;

function Sheet({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Box
      component="section"
      className="print-sheet"
      data-testid={testId}
      sx={{
        bgcolor: '#fff',
        color: '#000',
        maxWidth: 800,
        mx: 'auto',
        mb: 3,
        p: { xs: 2, sm: 4 },
        boxShadow: 1,
        fontSize: 14,
        '& table': { borderCollapse: 'collapse', width: '100%' },
      }}
    >
      {children}
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '150px 1fr', gap: 1, py: 0.25 }}>
      <Box sx={{ color: 'grey.700' }}>{label}</Box>
      <Box>{children}</Box>
    </Box>
  );
}

/** What the courier or the shop takes on delivery: the total of an order paid on delivery and not paid. */
const dueOnDelivery = (o: OrderView) =>
  o.payment.kind === 'on_delivery' && o.paymentStatus !== 'paid' ? o.totals.total : 0;

function PackingList({ order: o }: { order: OrderView }) {
  const d = o.delivery;
  const pieces = o.lines.reduce((n, l) => n + l.quantity - l.refundedQuantity, 0);
  const due = dueOnDelivery(o);
  const address = [
    ...addressLines(d),
    d.point ? `Пункт выдачи ${d.point.code}: ${d.point.address}` : '',
  ].filter(Boolean);
  return (
    <Sheet testId="packing-list">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
          Упаковочный лист · заказ № {o.number}
        </Typography>
        <Box sx={{ color: 'grey.700' }}>от {moscowTime(o.createdAt)}</Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' }, mb: 2 }}>
        <Box>
          <Typography variant="subtitle2" component="h3">
            Покупатель
          </Typography>
          <Fact label="Имя">{o.customer.name}</Fact>
          <Fact label="Телефон">{o.customer.phone}</Fact>
          <Fact label="E-mail">{o.customer.email}</Fact>
          <Fact label="Организация">
            {o.organization
              ? [o.organization.name, o.organization.inn && `ИНН ${o.organization.inn}`]
                  .filter(Boolean)
                  .join(', ')
              : null}
          </Fact>
        </Box>
        <Box>
          <Typography variant="subtitle2" component="h3">
            Доставка
          </Typography>
          <Fact label="Способ">{d.title}</Fact>
          <Fact label="Адрес">
            {address.length ? address.map((line) => <div key={line}>{line}</div>) : null}
          </Fact>
          <Fact label="День">
            {d.date ? [dayOf(d.date), d.timeSlot].filter(Boolean).join(', ') : d.timeSlot}
          </Fact>
          <Fact label="Трек-номер">{d.trackNumber}</Fact>
          <Fact label="Оплата">
            {[o.payment.title, o.paymentStatusLabel.toLowerCase()].filter(Boolean).join(', ')}
          </Fact>
        </Box>
      </Box>
      <table>
        <thead>
          <tr>
            <Box component="th" sx={{ ...head, width: 32 }}>
              №
            </Box>
            <Box component="th" sx={head}>
              Товар
            </Box>
            <Box component="th" sx={{ ...head, width: 130 }}>
              Артикул
            </Box>
            <Box component="th" sx={{ ...head, width: 84, textAlign: 'right' }}>
              Кол-во
            </Box>
            <Box component="th" sx={{ ...head, width: 56, textAlign: 'center' }}>
              Собран
            </Box>
          </tr>
        </thead>
        <tbody>
          {o.lines.map((l, i) => {
            const toPack = l.quantity - l.refundedQuantity;
            return (
              <tr key={l.id} data-testid="packing-line">
                <Box component="td" sx={cell}>
                  {i + 1}
                </Box>
                <Box component="td" sx={cell}>
                  {l.title}
                  {l.attributeLabels.length ? (
                    <Box sx={{ color: 'grey.700', fontSize: 13 }}>
                      {l.attributeLabels.map((a) => `${a.name}: ${a.value}`).join(', ')}
                    </Box>
                  ) : null}
                </Box>
                <Box component="td" sx={{ ...cell, whiteSpace: 'nowrap' }}>
                  {l.article}
                </Box>
                <Box component="td" sx={{ ...cell, textAlign: 'right', fontWeight: 600 }}>
                  {toPack}
                  {l.refundedQuantity ? (
                    <Box sx={{ fontWeight: 400, fontSize: 12 }}>возвращено {l.refundedQuantity}</Box>
                  ) : null}
                </Box>
                <Box component="td" sx={{ ...cell, textAlign: 'center' }} aria-label="Отметка сборщика">
                  ☐
                </Box>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Box sx={{ mt: 1, textAlign: 'right' }}>Всего: {piecesText(pieces)}</Box>
      {due ? (
        <Box sx={{ mt: 1, textAlign: 'right', fontWeight: 600 }} data-testid="due-on-delivery">
          Получить с покупателя при получении: {formatRubles(due)}
        </Box>
      ) : null}
      {o.comment ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3">
            Комментарий покупателя
          </Typography>
          <Box sx={{ whiteSpace: 'pre-line' }}>{o.comment}</Box>
        </Box>
      ) : null}
      {o.managerComment ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3">
            Комментарий менеджера
          </Typography>
          <Box sx={{ whiteSpace: 'pre-line' }}>{o.managerComment}</Box>
        </Box>
      ) : null}
    </Sheet>
  );
}

/** The invoice as the PDF lays it out: the bank block, the parties, the lines, the totals, the signatures. */
function Invoice({ sheet: s }: { sheet: AdminInvoiceSheet }) {
  const b = s.bank;
  const right = { ...cell, textAlign: 'right' } as const;
  return (
    <Sheet testId="invoice">
      <table>
        <tbody>
          <tr>
            <Box component="td" sx={cell} colSpan={2} rowSpan={2}>
              {b.bankName}
              <Box sx={{ fontSize: 11, color: 'grey.700', mt: 1 }}>Банк получателя</Box>
            </Box>
            <Box component="td" sx={{ ...cell, width: 50 }}>
              БИК
            </Box>
            <Box component="td" sx={{ ...cell, width: 200 }}>
              {b.bik}
            </Box>
          </tr>
          <tr>
            <Box component="td" sx={cell}>
              Сч. №
            </Box>
            <Box component="td" sx={cell}>
              {b.correspondentAccount}
            </Box>
          </tr>
          <tr>
            <Box component="td" sx={cell}>
              ИНН {b.inn}
            </Box>
            <Box component="td" sx={cell}>
              КПП {b.kpp}
            </Box>
            <Box component="td" sx={cell} rowSpan={2}>
              Сч. №
            </Box>
            <Box component="td" sx={cell} rowSpan={2}>
              {b.settlementAccount}
            </Box>
          </tr>
          <tr>
            <Box component="td" sx={cell} colSpan={2}>
              {b.recipient}
              <Box sx={{ fontSize: 11, color: 'grey.700', mt: 1 }}>Получатель</Box>
            </Box>
          </tr>
        </tbody>
      </table>
      <Typography
        variant="h5"
        component="h2"
        sx={{ fontWeight: 600, mt: 2, pb: 0.5, borderBottom: '2px solid #000' }}
      >
        {s.title}
      </Typography>
      <Box sx={{ my: 1.5 }}>
        <Fact label="Поставщик:">
          <b>{s.supplier}</b>
        </Fact>
        <Fact label="Покупатель:">
          <b>{s.buyer}</b>
        </Fact>
        <Fact label="Основание:">{s.basis}</Fact>
      </Box>
      <table>
        <thead>
          <tr>
            {['№', 'Товары (работы, услуги)', 'Кол-во', 'Ед.', 'Цена', 'Сумма'].map((h) => (
              <Box component="th" key={h} sx={{ ...head, textAlign: 'center' }}>
                {h}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {s.rows.map((r) => (
            <tr key={r.n}>
              <Box component="td" sx={right}>
                {r.n}
              </Box>
              <Box component="td" sx={cell}>
                {r.title}
              </Box>
              <Box component="td" sx={right}>
                {r.quantity}
              </Box>
              <Box component="td" sx={cell}>
                {r.unit}
              </Box>
              <Box component="td" sx={{ ...right, whiteSpace: 'nowrap' }}>
                {r.price}
              </Box>
              <Box component="td" sx={{ ...right, whiteSpace: 'nowrap' }}>
                {r.amount}
              </Box>
            </tr>
          ))}
        </tbody>
      </table>
      <Box sx={{ mt: 1, ml: 'auto', width: 'fit-content' }}>
        {s.totals.map((t) => (
          <Box key={t.label} sx={{ display: 'flex', justifyContent: 'flex-end', gap: 2, fontWeight: 600 }}>
            <span>{t.label}</span>
            <Box component="span" sx={{ minWidth: 100, textAlign: 'right' }}>
              {t.value}
            </Box>
          </Box>
        ))}
      </Box>
      <Box sx={{ mt: 1 }}>{s.summary}</Box>
      <Box sx={{ fontWeight: 600, mb: 1.5 }}>{s.words}</Box>
      <Box>{s.validity}</Box>
      <Box>{s.purpose}</Box>
      <Box sx={{ borderTop: '2px solid #000', mt: 1.5, pt: 2, display: 'grid', gap: 2 }}>
        {['Руководитель', 'Бухгалтер'].map((role) => (
          <Box key={role} sx={{ display: 'flex', gap: 2 }}>
            <Box sx={{ width: 110, fontWeight: 600 }}>{role}</Box>
            <span>____________________ / ____________________ /</span>
          </Box>
        ))}
      </Box>
    </Sheet>
  );
}

function PrintPage() {
  const [params] = useSearchParams();
  const ids = (params.get('ids') ?? '').trim();
  const { data, error } = useAdminRead<AdminOrderPrint[]>(ids ? `print-${ids}` : null, (api) =>
    api.adminSales.printOrders({ ids }),
  );
  const invoices = (data ?? []).filter((p) => p.invoice).length;
  return (
    <Box sx={{ bgcolor: 'grey.200', minHeight: '100vh', py: 2, px: 1 }}>
      {PRINT_STYLES}
      <Title title="Печать заказов" />
      <Box
        className="print-controls"
        sx={{
          maxWidth: 800,
          mx: 'auto',
          mb: 2,
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'background.paper',
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
        }}
      >
        <Link component={RouterLink} to="/orders">
          ← К заказам
        </Link>
        <Typography variant="h6" component="h1" sx={{ flexGrow: 1 }}>
          {data
            ? `Упаковочные листы: ${data.length}${invoices ? `, счета на оплату: ${invoices}` : ''}`
            : 'Печать заказов'}
        </Typography>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!data}>
          Печать
        </Button>
      </Box>
      {!ids ? (
        <Alert severity="info" sx={{ maxWidth: 800, mx: 'auto' }}>
          Отметьте заказы в списке и нажмите «Печать».
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ maxWidth: 800, mx: 'auto' }}>
          {error}
        </Alert>
      ) : null}
      {ids && !data && !error ? <LinearProgress sx={{ maxWidth: 800, mx: 'auto' }} /> : null}
      {/* The sheets side by side in one box: each but the last ends its page on paper. */}
      <Box>
        {(data ?? []).flatMap((p) => [
          <PackingList key={`packing-${p.order.id}`} order={p.order} />,
          ...(p.invoice ? [<Invoice key={`invoice-${p.order.id}`} sheet={p.invoice} />] : []),
        ])}
      </Box>
    </Box>
  );
}

/** Outside the layout, so signed in and allowed are checked here. */
export function PrintOrders() {
  useAuthenticated();
  return (
    <RoleGate resource="orders" action="show">
      <PrintPage />
    </RoleGate>
  );
}
