// /nuxt/yml-feed: the YML feed for Yandex Market and Direct as its robot gets it. The address to give Market
// or Direct, whether it is on and protected, the last build (its date, offers, size) and what it left out and
// why, from GET /api/admin/feeds/yml (which builds it anew when the catalogue changed). Turning it on, its
// address and its login are settings (Настройки → Яндекс Маркет).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Title, useNotify } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { MOSCOW_TIME_ZONE } from '../../fields/dates';
import { useAdminRead } from '../../useAdminGet';

const when = new Intl.DateTimeFormat('ru-RU', {
  timeZone: MOSCOW_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const number = new Intl.NumberFormat('ru-RU');
const plural = new Intl.PluralRules('ru-RU');
const words = (n: number, [one, few, many]: [string, string, string]) => {
  const form = plural.select(n);
  return `${number.format(n)} ${form === 'one' ? one : form === 'few' ? few : many}`;
};
const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} МБ`
    : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('ru-RU')} КБ`;

function Fact(props: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 180 }}>
      <Typography variant="body2" color="text.secondary">
        {props.label}
      </Typography>
      <Typography variant="body1" component="div">
        {props.children}
      </Typography>
    </Box>
  );
}

export function YmlFeedScreen() {
  const notify = useNotify();
  const { data, error, reload } = useAdminRead('yml-feed', (api) => api.adminFeeds.ymlState());
  const copy = (text: string) =>
    navigator.clipboard?.writeText(text).then(
      () => notify('Адрес скопирован', { type: 'info' }),
      () => notify('Не удалось скопировать: выделите адрес и скопируйте вручную', { type: 'warning' }),
    );
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!data) return <LinearProgress sx={{ mt: 2 }} />;
  const { build } = data;
  return (
    <Box sx={{ mt: 2, maxWidth: 1100 }}>
      <Title title="Фид для Яндекс Маркета" />
      <Typography variant="h5" component="h1" gutterBottom>
        Фид для Яндекс Маркета и Директа
      </Typography>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
            <Chip
              data-testid="yml-enabled"
              color={data.enabled ? 'success' : 'default'}
              label={data.enabled ? 'Включён' : 'Выключен: по адресу отвечает 404'}
            />
            <Chip
              variant="outlined"
              label={data.protected ? 'Защищён логином и паролем (HTTP Basic)' : 'Открыт без пароля'}
            />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            Адрес фида для кабинета Маркета или Директа
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}
          >
            <Typography
              data-testid="yml-url"
              component="code"
              sx={{ fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all' }}
            >
              {data.url}
            </Typography>
            <Button size="small" onClick={() => void copy(data.url)}>
              Скопировать
            </Button>
          </Stack>
          <Typography variant="body2">
            Включить или выключить фид, сменить адрес, логин и пароль:{' '}
            <Link component={RouterLink} to="/settings">
              Настройки → Яндекс Маркет
            </Link>
            . Маркет и Директ забирают фид сами, обычно раз в сутки; после изменения цены или остатка он
            пересобирается при следующем запросе.
          </Typography>
        </CardContent>
      </Card>

      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Последняя сборка
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3 }}>
            <Fact label="Дата фида">{when.format(new Date(build.date))}</Fact>
            <Fact label="Каталог проверен">{when.format(new Date(build.checkedAt))}</Fact>
            <Fact label="В фиде">
              <span data-testid="yml-offers">
                {words(build.offers, ['предложение', 'предложения', 'предложений'])}
              </span>
              , {words(build.products, ['товар', 'товара', 'товаров'])}
            </Fact>
            <Fact label="Размер">
              {size(build.bytes)}, сжатый {size(build.gzipBytes)}
            </Fact>
            <Fact label="Собран за">{number.format(build.buildMs)} мс</Fact>
          </Stack>
          <Button sx={{ mt: 2 }} variant="outlined" onClick={reload}>
            Обновить
          </Button>
        </CardContent>
      </Card>

      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Не вошло в фид
          </Typography>
          {build.warningsTotal === 0 ? (
            <Alert severity="success" data-testid="yml-no-warnings">
              Все активные варианты с ценой вошли в фид.
            </Alert>
          ) : (
            <>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
                {build.reasons.map((r) => (
                  <Chip
                    key={r.reason}
                    color="warning"
                    variant="outlined"
                    label={`${r.text}: ${number.format(r.count)}`}
                  />
                ))}
              </Stack>
              {build.warningsTotal > build.warnings.length ? (
                <Typography variant="body2" color="text.secondary" gutterBottom>
                  Показаны первые {number.format(build.warnings.length)} из{' '}
                  {number.format(build.warningsTotal)}.
                </Typography>
              ) : null}
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" data-testid="yml-warnings">
                  <TableHead>
                    <TableRow>
                      <TableCell>Товар</TableCell>
                      <TableCell>Вариант</TableCell>
                      <TableCell>Почему не вошёл</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {build.warnings.map((w, i) => (
                      <TableRow key={`${w.reason}-${w.productId}-${w.offerId}-${i}`}>
                        <TableCell>
                          {w.productId !== null ? (
                            <Link component={RouterLink} to={`/products/${w.productId}`}>
                              {w.productTitle}
                            </Link>
                          ) : (
                            'Магазин'
                          )}
                        </TableCell>
                        <TableCell>{w.article ?? (w.productId !== null ? 'все варианты' : '—')}</TableCell>
                        <TableCell>{w.text}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
