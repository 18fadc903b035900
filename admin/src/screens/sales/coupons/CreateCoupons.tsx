// /nuxt/create-coupons: a series of N unique random coupons with a common prefix, discount, validity and
// limits, marked with one `batch` name. Large series go in chunks of 500 with a progress bar; below, the
// latest series with links to their coupons.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import MuiButton from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import {
  DateTimeInput,
  Form,
  FormDataConsumer,
  NumberInput,
  SelectInput,
  TextInput,
  Title,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { MoneyInput, isoToMoscowLocal, moscowLocalToIso } from '../../../fields';
import { ProgressLine } from '../../../ProgressLine';
import { MOSCOW_TIME_ZONE } from '../../../fields/dates';
import { useAdminRead } from '../../../useAdminGet';
import { batchLink, CouponBatches } from './CouponBatches';
import { generateSeries, SERIES_MAX, validateSeries, type SeriesValues } from './generate';

const TYPES = [
  { id: 'percent', name: 'Процент' },
  { id: 'fixed', name: 'Фиксированная сумма' },
  { id: 'free_delivery', name: 'Бесплатная доставка' },
];

/** "Серия 24.11.2026 09:35" in Moscow time: a batch name that is new each minute. */
function defaultBatch() {
  const now = new Intl.DateTimeFormat('ru-RU', {
    timeZone: MOSCOW_TIME_ZONE,
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date());
  return `Серия ${now.replace(',', '')}`;
}

/** The value input follows the type: a percentage, a sum in roubles, or nothing for free delivery. */
function DiscountInputs({ type }: { type: SeriesValues['type'] | undefined }) {
  if (type === 'percent')
    return (
      <>
        <NumberInput source="value" label="Скидка, %" />
        <MoneyInput source="maxDiscount" label="Скидка не больше" />
      </>
    );
  if (type === 'fixed') return <MoneyInput source="value" label="Сумма скидки" />;
  return null;
}

interface Run {
  total: number;
  created: number;
  batch: string;
  done: boolean;
  error: string | null;
}

export function CreateCoupons() {
  const batches = useAdminRead('batches', (api) => api.adminSales.couponBatches());
  const [run, setRun] = useState<Run | null>(null);
  const defaults = useMemo(
    () => ({ count: 100, length: 8, type: 'percent', value: 10, batch: defaultBatch() }),
    [],
  );
  const busy = !!run && !run.done && !run.error;

  const submit = async (values: Record<string, unknown>) => {
    const series = { ...values, batch: String(values.batch).trim() } as SeriesValues;
    setRun({ total: series.count, created: 0, batch: series.batch, done: false, error: null });
    try {
      await generateSeries(series, (created) => setRun((r) => (r ? { ...r, created } : r)));
      setRun((r) => (r ? { ...r, done: true } : r));
    } catch (e) {
      setRun((r) => (r ? { ...r, error: (e as Error).message } : r));
    }
    batches.reload();
  };

  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Title title="Создание купонов" />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            Создание серии купонов
          </Typography>
          <Form defaultValues={defaults} validate={validateSeries} onSubmit={submit}>
            <Box sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 1fr' }, columnGap: 2 }}>
              <NumberInput
                source="count"
                label="Количество купонов"
                helperText={`От 1 до ${SERIES_MAX.toLocaleString('ru-RU')}`}
              />
              <TextInput source="batch" label="Серия" helperText="Общая метка этих купонов" />
              <TextInput
                source="prefix"
                label="Префикс кода"
                helperText="Заглавные латинские буквы и цифры, например SPRING-"
                parse={(v: string) => v.toUpperCase()}
              />
              <NumberInput
                source="length"
                label="Длина случайной части"
                helperText="Буквы и цифры без похожих (нет O, 0, I, 1)"
              />
              <SelectInput source="type" label="Тип скидки" choices={TYPES} />
              <FormDataConsumer<Partial<SeriesValues>>>
                {({ formData }) => <DiscountInputs type={formData.type} />}
              </FormDataConsumer>
              <MoneyInput source="minOrderTotal" label="Минимальная сумма заказа" />
              <DateTimeInput
                source="startsAt"
                label="Действует с"
                format={isoToMoscowLocal}
                parse={moscowLocalToIso}
              />
              <DateTimeInput
                source="endsAt"
                label="Действует по"
                format={isoToMoscowLocal}
                parse={moscowLocalToIso}
              />
              <NumberInput source="usageLimit" label="Лимит использований каждого купона" />
              <NumberInput source="usageLimitPerUser" label="Лимит на покупателя" />
              <TextInput source="description" label="Описание для администраторов" multiline />
            </Box>
            <MuiButton type="submit" variant="contained" disabled={busy} sx={{ mt: 1 }}>
              Создать купоны
            </MuiButton>
          </Form>
          {run ? (
            <Box sx={{ mt: 2 }} data-testid="coupon-progress">
              <ProgressLine done={run.created} total={run.total} verb="Создано" label="Создание купонов" />
              {run.error ? (
                <Alert severity="error" sx={{ mt: 1 }}>
                  {run.error}
                  {run.created ? ` Созданные купоны (${run.created}) сохранены.` : ' Ничего не создано.'}
                </Alert>
              ) : null}
              {run.done ? (
                <Alert severity="success" sx={{ mt: 1 }}>
                  Готово.{' '}
                  <Link component={RouterLink} to={batchLink(run.batch)}>
                    Открыть купоны серии «{run.batch}»
                  </Link>
                </Alert>
              ) : null}
            </Box>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Последние серии
          </Typography>
          {batches.error ? <Alert severity="error">{batches.error}</Alert> : null}
          {batches.data ? <CouponBatches batches={batches.data} /> : null}
        </CardContent>
      </Card>
    </Box>
  );
}
