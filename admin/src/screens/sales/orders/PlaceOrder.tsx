// /nuxt/place-order, «Новый заказ»: a manager takes an order for a customer (a call, the showroom) through
// POST /api/admin/orders/place, the same placing service as the checkout: priced for that customer, stock
// taken, the customer's letter and SMS sent. The goods are found by name words, photo or article
// (ProductPicker), «Повторить прошлый заказ» fills the lines from the customer's last order, and the live total
// (OrderQuote) is the server's price of the form as it stands; placing sends it as expectedTotal, so an order
// is never placed at a total the manager did not see. One Idempotency-Key per filled form, so a second press
// (or a retry after a lost answer) gives the same order; the server's Russian refusal is shown as it is, with
// its per-field messages on the inputs. The placed order's screen opens next, at its number.
import ReplayIcon from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import {
  AutocompleteInput,
  Form,
  NumberInput,
  ReferenceInput,
  ResourceContextProvider,
  SelectInput,
  TextInput,
  Title,
  email,
  minValue,
  number,
  regex,
  required,
  useDataProvider,
  useGetOne,
  useNotify,
  useRedirect,
  type RaRecord,
} from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { AdminApiError, callAdmin } from '../../../admin-api';
import { OrderLinesTable, QuoteTotals, useLiveQuote, type LiveQuote } from './OrderQuote';
import { ProductPicker, type AddOffer, type PickedOffer } from './ProductPicker';
import { Section } from './Section';
import {
  addLine,
  addressFieldsOf,
  customerContacts,
  customerOption,
  linesOfOrder,
  newIdempotencyKey,
  placeOrderRequest,
  quoteRequest,
  type AddressField,
  type CustomerRecord,
  type FormLine,
  type PastOrder,
  type PlaceOrderValues,
} from './place-order';

const PHONE = regex(
  /^\+?[0-9][0-9 ()-]{8,}[0-9]$/,
  'Введите номер телефона полностью, например +7 999 123-45-67',
);
const POSTAL_CODE = regex(/^[0-9]{6}$/, 'Индекс — шесть цифр, например 101000');
const DEFAULTS: PlaceOrderValues = {
  userId: null,
  lines: [],
  bonusPoints: 0,
};

const twoColumns = { display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 };

/** The customer: an account (its contacts fill the fields, still editable) or none. */
function CustomerSection() {
  const { setValue } = useFormContext();
  const userId = useWatch<PlaceOrderValues, 'userId'>({ name: 'userId' });
  const choose = (_value: unknown, record: RaRecord | '') => {
    const user = record ? (record as CustomerRecord) : null;
    setValue('organizationId', null);
    if (!user) return;
    for (const [field, value] of Object.entries(customerContacts(user)))
      setValue(field, value, { shouldDirty: true, shouldValidate: !!value });
  };
  return (
    <Section title="Покупатель">
      <ReferenceInput source="userId" reference="users" filter={{ role: 'customer' }}>
        <AutocompleteInput
          label="Покупатель"
          optionText={customerOption}
          onChange={choose}
          helperText="Имя, фамилия, e-mail или телефон. Оставьте пустым, если у покупателя нет аккаунта"
          fullWidth
        />
      </ReferenceInput>
      <Box sx={twoColumns}>
        <TextInput source="customerName" label="Имя и фамилия" validate={required()} fullWidth />
        <TextInput
          source="customerPhone"
          label="Телефон"
          type="tel"
          validate={[required(), PHONE]}
          helperText="Например +7 999 123-45-67"
          fullWidth
        />
        <TextInput source="customerEmail" label="E-mail" type="email" validate={email()} fullWidth />
        {userId ? (
          <ReferenceInput source="organizationId" reference="users-organizations" filter={{ userId }}>
            <SelectInput
              label="Организация"
              optionText="name"
              emptyText="Без организации"
              helperText="Для оплаты по счёту"
              fullWidth
            />
          </ReferenceInput>
        ) : null}
      </Box>
    </Section>
  );
}

/** «Повторить прошлый заказ»: the chosen customer's last order's lines, by article, added to the form's. */
function RepeatLastOrder() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const { setValue, getValues } = useFormContext();
  const userId = useWatch<PlaceOrderValues, 'userId'>({ name: 'userId' });
  const [busy, setBusy] = useState(false);
  const repeat = async () => {
    setBusy(true);
    try {
      const { data } = await dataProvider.getList<PastOrder & RaRecord>('orders', {
        filter: { userId },
        sort: { field: 'createdAt', order: 'DESC' },
        pagination: { page: 1, perPage: 1 },
      });
      const last = data[0];
      const lines = last ? linesOfOrder(last) : [];
      if (!last) notify('У покупателя ещё нет заказов', { type: 'info' });
      else if (!lines.length)
        notify(`В заказе № ${last.number} нет товаров из каталога`, { type: 'warning' });
      else {
        let next = (getValues('lines') ?? []) as FormLine[];
        for (const l of lines) next = addLine(next, l.article, l.quantity);
        setValue('lines', next, { shouldDirty: true });
        notify(`Добавлены товары заказа № ${last.number}: проверьте количество и наличие`, { type: 'info' });
      }
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <MuiButton
      size="small"
      startIcon={<ReplayIcon />}
      disabled={!userId || busy}
      onClick={() => void repeat()}
      title={userId ? undefined : 'Сначала выберите покупателя с аккаунтом'}
    >
      Повторить прошлый заказ
    </MuiButton>
  );
}

/** Finding the goods, the order's lines and the live total beside them. */
function LinesSection({ live }: { live: LiveQuote }) {
  const { setValue, getValues, clearErrors } = useFormContext();
  const userId = useWatch<PlaceOrderValues, 'userId'>({ name: 'userId' });
  const [picked, setPicked] = useState<Record<string, PickedOffer>>({});
  const add: AddOffer = (article, quantity, offer) => {
    setPicked((known) => ({ ...known, [article]: offer }));
    setValue('lines', addLine((getValues('lines') ?? []) as FormLine[], article, quantity), {
      shouldDirty: true,
    });
    clearErrors('lines');
  };
  return (
    <Section title="Товары" wide testId="place-order-lines">
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <ProductPicker onAdd={add} />
        <Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
            <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
              В заказе
            </Typography>
            <RepeatLastOrder />
          </Box>
          {!userId ? (
            <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
              «Повторить прошлый заказ» — для покупателя с аккаунтом
            </Typography>
          ) : null}
          <OrderLinesTable live={live} picked={picked} />
          <QuoteTotals live={live} />
        </Box>
      </Box>
    </Section>
  );
}

const ADDRESS_INPUTS: Record<AddressField, ReactNode> = {
  deliveryCity: <TextInput key="city" source="deliveryCity" label="Город" validate={required()} fullWidth />,
  deliveryPostalCode: (
    <TextInput
      key="postal"
      source="deliveryPostalCode"
      label="Индекс"
      validate={[required(), POSTAL_CODE]}
      fullWidth
    />
  ),
  deliveryAddress: (
    <TextInput
      key="address"
      source="deliveryAddress"
      label="Адрес"
      helperText="Улица, дом, квартира или офис"
      validate={required()}
      fullWidth
      sx={{ gridColumn: '1 / -1' }}
    />
  ),
  deliveryPickupPoint: (
    <TextInput
      key="point"
      source="deliveryPickupPoint"
      label="Пункт выдачи"
      helperText="Код пункта выдачи службы доставки"
      validate={required()}
      fullWidth
    />
  ),
};

interface DeliveryService {
  id: number;
  kind?: string;
  pickupAddress?: string | null;
}

/** Delivery and payment; the address fields the chosen delivery needs. */
function DeliverySection() {
  const deliveryServiceId = useWatch<PlaceOrderValues, 'deliveryServiceId'>({ name: 'deliveryServiceId' });
  const { data: delivery } = useGetOne<DeliveryService>(
    'delivery-services',
    { id: deliveryServiceId as number },
    { enabled: !!deliveryServiceId },
  );
  const fields = delivery ? addressFieldsOf(delivery.kind) : [];
  return (
    <Section title="Доставка и оплата">
      <Box sx={twoColumns}>
        <ReferenceInput
          source="deliveryServiceId"
          reference="delivery-services"
          filter={{ active: true }}
          sort={{ field: 'sortOrder', order: 'ASC' }}
        >
          <SelectInput label="Доставка" optionText="title" validate={required()} fullWidth />
        </ReferenceInput>
        <ReferenceInput
          source="paymentServiceId"
          reference="payment-services"
          filter={{ active: true }}
          sort={{ field: 'sortOrder', order: 'ASC' }}
        >
          <SelectInput label="Оплата" optionText="title" validate={required()} fullWidth />
        </ReferenceInput>
        {fields.map((f) => ADDRESS_INPUTS[f])}
      </Box>
      {delivery?.kind === 'self_pickup' ? (
        <Typography variant="body2" color="text.secondary" data-testid="pickup-address">
          Адрес не нужен
          {delivery.pickupAddress ? `: покупатель заберёт заказ по адресу ${delivery.pickupAddress}` : ''}
        </Typography>
      ) : null}
      {!deliveryServiceId ? (
        <Typography variant="body2" color="text.secondary">
          Поля адреса появятся, когда выберете доставку.
        </Typography>
      ) : null}
    </Section>
  );
}

function ExtrasSection() {
  const userId = useWatch<PlaceOrderValues, 'userId'>({ name: 'userId' });
  return (
    <Section title="Скидки и комментарии" wide>
      <Box sx={twoColumns}>
        <TextInput source="couponCode" label="Промокод" parse={(v: string) => v.toUpperCase()} fullWidth />
        <NumberInput
          source="bonusPoints"
          label="Списать баллов"
          min={0}
          step={1}
          validate={[number(), minValue(0)]}
          disabled={!userId}
          helperText={userId ? 'С бонусного счёта покупателя' : 'Только у покупателя с аккаунтом'}
          fullWidth
        />
        <TextInput
          source="comment"
          label="Комментарий покупателя"
          helperText="Пожелания покупателя к заказу"
          multiline
          minRows={2}
          fullWidth
        />
        <TextInput
          source="managerComment"
          label="Комментарий менеджера"
          helperText="Виден только администраторам"
          multiline
          minRows={2}
          fullWidth
        />
      </Box>
    </Section>
  );
}

/** The form's sections; the live quote is shared by the lines and the submit (through `quoteRef`). */
function PlaceOrderBody({ quoteRef }: { quoteRef: MutableRefObject<LiveQuote | null> }) {
  const live = useLiveQuote();
  quoteRef.current = live;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { lg: '1fr 1fr' }, alignItems: 'start' }}>
      <CustomerSection />
      <DeliverySection />
      <LinesSection live={live} />
      <ExtrasSection />
    </Box>
  );
}

function SubmitButton({ busy }: { busy: boolean }) {
  const { isSubmitting } = useFormState();
  return (
    <MuiButton
      type="submit"
      variant="contained"
      size="large"
      disabled={busy || isSubmitting}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {busy || isSubmitting ? 'Оформляем…' : 'Оформить заказ'}
    </MuiButton>
  );
}

export function PlaceOrder() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const redirect = useRedirect();
  // One key per filled form: a second press, or a retry after a lost answer, gives the same order.
  const [idempotencyKey, setIdempotencyKey] = useState(() => newIdempotencyKey());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const defaults = useMemo(() => ({ ...DEFAULTS }), []);
  const quoteRef = useRef<LiveQuote | null>(null);

  const submit = async (values: Record<string, unknown>) => {
    const form = values as PlaceOrderValues;
    setError(null);
    setBusy(true);
    try {
      const delivery = form.deliveryServiceId
        ? (await dataProvider.getOne<DeliveryService>('delivery-services', { id: form.deliveryServiceId }))
            .data
        : undefined;
      const body = placeOrderRequest(form, delivery?.kind);
      // The total the manager sees is the one placed: an order priced otherwise meanwhile is refused.
      const live = quoteRef.current;
      const request = quoteRequest(form, delivery?.kind);
      const shown = request !== null && live?.key === JSON.stringify(request);
      if (shown && live?.quote) body.expectedTotal = live.quote.totals.total;
      else if (request && !shown) {
        setBusy(false);
        setError('Сумма заказа ещё пересчитывается: дождитесь итога и нажмите «Оформить заказ» ещё раз.');
        return undefined;
      }
      const placed = await callAdmin((api) =>
        api.adminSales.placeOrder(body, { 'idempotency-key': idempotencyKey }),
      );
      setIdempotencyKey(newIdempotencyKey());
      notify(`Заказ № ${placed.order.number} оформлен`, { type: 'success' });
      redirect(`/orders/${encodeURIComponent(placed.order.number)}`);
      return undefined;
    } catch (e) {
      setBusy(false);
      setError(e instanceof Error ? e.message : String(e));
      // The server's per-field messages go on their inputs ("lines.0.article" is a row's article).
      return e instanceof AdminApiError ? e.fields : undefined;
    }
  };

  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title="Новый заказ" />
      <Typography variant="h5" component="h1" gutterBottom>
        Новый заказ
      </Typography>
      {/* The form's resource is the order's: its inputs' labels. */}
      <ResourceContextProvider value="orders">
        <Form defaultValues={defaults} onSubmit={submit}>
          <PlaceOrderBody quoteRef={quoteRef} />
          {error ? (
            <Alert severity="error" sx={{ mt: 2, whiteSpace: 'pre-line' }}>
              {error}
            </Alert>
          ) : null}
          <Box sx={{ mt: 2, display: 'flex', gap: 2, alignItems: 'center' }}>
            <SubmitButton busy={busy} />
            <Typography variant="body2" color="text.secondary">
              Покупатель получит письмо и SMS о заказе, как при оформлении на сайте.
            </Typography>
          </Box>
        </Form>
      </ResourceContextProvider>
    </Box>
  );
}
