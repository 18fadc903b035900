// "Рабочий стол" at /nuxt and /nuxt/desktop: «Сегодня» (Today.tsx) for a role that may list orders, then new
// orders, revenue of the last 30 days, reviews awaiting moderation, unprocessed site forms and offers running
// out. One call (GET /api/admin/dashboard) answers only the blocks the role may see, and only those are drawn;
// each block links to its list.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Title, useGetIdentity } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatRubles } from '../../../fields/money';
import { MOSCOW_TIME_ZONE } from '../../../fields/dates';
import { RevenueChart } from './RevenueChart';
import { useAdminRead } from '../../../useAdminGet';
import { Today } from './Today';

const when = new Intl.DateTimeFormat('ru-RU', {
  timeZone: MOSCOW_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

const listLink = (resource: string, filter: Record<string, unknown>) =>
  `/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

function Block(props: { title: string; to: string; linkText: string; testId: string; children: ReactNode }) {
  return (
    <Card data-testid={props.testId} sx={{ flex: '1 1 320px', minWidth: 280 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {props.title}
        </Typography>
        {props.children}
        <Link component={RouterLink} to={props.to} sx={{ display: 'inline-block', mt: 1 }}>
          {props.linkText}
        </Link>
      </CardContent>
    </Card>
  );
}

const Big = ({ children }: { children: ReactNode }) => (
  <Typography variant="h3" component="p" sx={{ fontWeight: 500 }}>
    {children}
  </Typography>
);

export function Dashboard() {
  const { identity } = useGetIdentity();
  const { data, error } = useAdminRead('dashboard', (api) => api.adminSales.dashboard());
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Рабочий стол" />
      <Typography variant="h5" component="h1" gutterBottom>
        {identity?.fullName ? `Здравствуйте, ${identity.fullName}!` : 'Рабочий стол'}
      </Typography>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {!data && !error ? <LinearProgress /> : null}
      {data?.orders ? <Today /> : null}
      {data ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {data.orders ? (
            <Block
              title="Новые заказы"
              testId="desktop-orders"
              to={listLink('orders', { status: 'new' })}
              linkText="Все новые заказы"
            >
              <Big>{data.orders.newCount}</Big>
              {data.orders.latest.map((o) => (
                <Typography key={o.id} variant="body2">
                  <Link component={RouterLink} to={`/orders/${o.id}`}>
                    № {o.number}
                  </Link>{' '}
                  · {when.format(new Date(o.createdAt))} · {o.customerName} · {formatRubles(o.total)}
                </Typography>
              ))}
            </Block>
          ) : null}
          {data.revenue ? (
            <Block
              title="Выручка за 30 дней"
              testId="desktop-revenue"
              to={listLink('orders', {})}
              linkText="Все заказы"
            >
              <Typography variant="body1">
                {formatRubles(data.revenue.total)} · заказов: {data.revenue.count}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                Оплаченные, отправленные и выполненные заказы по дням (московское время)
              </Typography>
              <RevenueChart days={data.revenue.days} />
            </Block>
          ) : null}
          {data.reviews ? (
            <Block
              title="Отзывы на модерации"
              testId="desktop-reviews"
              to={listLink(data.reviews.site !== undefined ? 'reviews-on-site' : 'reviews-on-products', {
                status: 'pending',
              })}
              linkText="К модерации"
            >
              {data.reviews.site !== undefined ? (
                <Typography variant="body1">
                  <Link component={RouterLink} to={listLink('reviews-on-site', { status: 'pending' })}>
                    О магазине: {data.reviews.site}
                  </Link>
                </Typography>
              ) : null}
              {data.reviews.products !== undefined ? (
                <Typography variant="body1">
                  <Link component={RouterLink} to={listLink('reviews-on-products', { status: 'pending' })}>
                    О товарах: {data.reviews.products}
                  </Link>
                </Typography>
              ) : null}
            </Block>
          ) : null}
          {data.feedback ? (
            <Block
              title="Необработанные заявки"
              testId="desktop-feedback"
              to={listLink('forms-list', { processed: false })}
              linkText="Все заявки"
            >
              <Big>{data.feedback.unprocessed}</Big>
              {data.feedback.latest.map((f) => (
                <Typography key={f.id} variant="body2">
                  {f.kind === 'call' ? 'Звонок' : 'Сообщение'} · {f.name} ·{' '}
                  {when.format(new Date(f.createdAt))}
                </Typography>
              ))}
            </Block>
          ) : null}
          {data.lowStock ? (
            <Block
              title="Заканчиваются на складе"
              testId="desktop-low-stock"
              to={`/products?filter=${encodeURIComponent(
                JSON.stringify({ offers: { stock_lte: data.lowStock.threshold } }),
              )}`}
              linkText="Все такие товары"
            >
              <Typography variant="body2" color="text.secondary">
                Вариантов с остатком не больше {data.lowStock.threshold}: {data.lowStock.count}
              </Typography>
              {data.lowStock.offers.map((o) => (
                <Typography key={o.id} variant="body2">
                  <Link component={RouterLink} to={`/products/${o.productId}`}>
                    {o.title}
                  </Link>{' '}
                  · {o.article} · осталось {o.stock}
                </Typography>
              ))}
            </Block>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
