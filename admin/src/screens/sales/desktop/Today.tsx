// «Сегодня» on the desktop (GET /api/admin/dashboard/today): today's revenue and orders against yesterday's
// (Moscow days; revenue is the sum of the orders placed that day and not canceled), the orders to confirm, to
// ship and waiting for a payment for N days. Every figure is a link to the orders list under the very filter
// the server counted it with, so the list shows exactly that many orders.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { DashboardOrdersFilter } from '@shop/schemas';
import { countOf } from '@shop/schemas/rules/plural';
import { formatRubles } from '../../../fields/money';
import { useAdminRead } from '../../../useAdminGet';

const ordersLink = (filter: DashboardOrdersFilter) =>
  `/orders?filter=${encodeURIComponent(JSON.stringify(filter))}`;

const dayTitle = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' });
/** «29 ноября» of a YYYY-MM-DD (a calendar day: no time zone moves it). */
const dayName = (day: string) => dayTitle.format(new Date(`${day}T00:00:00Z`));

const ordersText = (n: number) => countOf(n, ['заказ', 'заказа', 'заказов']);
const daysText = (n: number) => countOf(n, ['день', 'дня', 'дней']);

/** «+2 140 ₽ к вчерашнему», «−300 ₽ …», «столько же, сколько вчера». */
function versus(today: number, yesterday: number, format: (n: number) => string): string {
  if (today === yesterday) return 'столько же, сколько вчера';
  return `${today > yesterday ? '+' : '−'}${format(Math.abs(today - yesterday))} к вчерашнему`;
}

function Figure({
  title,
  testId,
  to,
  value,
  label,
  children,
}: {
  title: string;
  testId: string;
  to: string;
  value: string;
  /** What the link says to a screen reader: «Выручка сегодня: 12 340 ₽, открыть эти заказы». */
  label: string;
  children?: ReactNode;
}) {
  return (
    <Box
      data-testid={testId}
      sx={{
        p: 1.5,
        borderRadius: 1,
        // A border, not a tint: the links keep their contrast on white (WCAG AA).
        border: 1,
        borderColor: 'divider',
        minWidth: 0,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Typography variant="body2" color="text.secondary" component="h3">
        {title}
      </Typography>
      <Link
        component={RouterLink}
        to={to}
        aria-label={label}
        data-testid={`${testId}-value`}
        sx={{
          typography: 'h4',
          fontSize: { xs: '1.5rem', sm: '2.125rem' },
          fontWeight: 500,
          alignSelf: 'flex-start',
          my: 0.5,
        }}
      >
        {value}
      </Link>
      {children ? (
        <Typography variant="body2" color="text.secondary" component="div">
          {children}
        </Typography>
      ) : null}
    </Box>
  );
}

export function Today() {
  const { data, error } = useAdminRead('dashboard-today', (api) => api.adminSales.dashboardToday());
  return (
    <Card sx={{ mb: 2 }} data-testid="desktop-today">
      <CardContent>
        <Typography variant="h6" component="h2">
          {data ? `Сегодня, ${dayName(data.day)}` : 'Сегодня'}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1.5 }}>
          По московскому времени. Выручка — сумма заказов, оформленных за день, кроме отменённых (оплаченных и
          ещё не оплаченных). Каждая цифра открывает свой список заказов.
        </Typography>
        {error ? <Alert severity="error">{error}</Alert> : null}
        {!data && !error ? <Skeleton variant="rounded" height={96} /> : null}
        {data ? (
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              // Two a row on a phone, all five in one on a wide screen.
              gridTemplateColumns: {
                xs: 'repeat(2, minmax(0, 1fr))',
                sm: 'repeat(auto-fit, minmax(190px, 1fr))',
              },
            }}
          >
            <Figure
              title="Выручка сегодня"
              testId="today-revenue"
              to={ordersLink(data.today.filter)}
              value={formatRubles(data.today.revenue)}
              label={`Выручка сегодня: ${formatRubles(data.today.revenue)}, открыть эти заказы`}
            >
              <Link
                component={RouterLink}
                to={ordersLink(data.yesterday.filter)}
                data-testid="yesterday-revenue"
              >
                вчера {formatRubles(data.yesterday.revenue)}
              </Link>
              <br />
              {versus(data.today.revenue, data.yesterday.revenue, formatRubles)}
            </Figure>
            <Figure
              title="Заказов сегодня"
              testId="today-orders"
              to={ordersLink(data.today.filter)}
              value={String(data.today.count)}
              label={`Сегодня ${ordersText(data.today.count)}, открыть их`}
            >
              <Link
                component={RouterLink}
                to={ordersLink(data.yesterday.filter)}
                data-testid="yesterday-orders"
              >
                вчера {ordersText(data.yesterday.count)}
              </Link>
              <br />
              {versus(data.today.count, data.yesterday.count, String)}
            </Figure>
            <Figure
              title="Ждут подтверждения"
              testId="today-to-confirm"
              to={ordersLink(data.toConfirm.filter)}
              value={String(data.toConfirm.count)}
              label={`Ждут подтверждения: ${ordersText(data.toConfirm.count)}, открыть их`}
            >
              новые заказы
            </Figure>
            <Figure
              title="К отправке"
              testId="today-to-ship"
              to={ordersLink(data.toShip.filter)}
              value={String(data.toShip.count)}
              label={`К отправке: ${ordersText(data.toShip.count)}, открыть их`}
            >
              оплачены или оплата при получении
            </Figure>
            <Figure
              title="Не оплачены"
              testId="today-unpaid"
              to={ordersLink(data.unpaid.filter)}
              value={String(data.unpaid.count)}
              label={`Не оплачены ${daysText(data.unpaid.days)} и дольше: ${ordersText(data.unpaid.count)}, открыть их`}
            >
              {daysText(data.unpaid.days)} и дольше, оплата онлайн или по счёту
            </Figure>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
