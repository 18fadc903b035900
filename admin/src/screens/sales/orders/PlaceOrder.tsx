// /nuxt/place-order, «Новый заказ»: a manager takes an order for a customer (a call, the showroom) through
// POST /api/admin/orders/place, the same placing service as the checkout: priced for that customer, stock
// taken, the customer's letter and SMS sent. One Idempotency-Key per filled form, so a second press (or a
// retry after a lost answer) gives the same order; the server's Russian refusal is shown as it is, with its
// per-field messages on the inputs. The placed order's screen opens next, at its number.
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  ArrayInput,
  AutocompleteInput,
  Form,
  FormDataConsumer,
  NumberInput,
  ReferenceInput,
  ResourceContextProvider,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  Title,
  email,
  maxValue,
  minValue,
  number,
  regex,
  required,
  useDataProvider,
  useGetOne,
  useNotify,
  useRedirect,
  useSimpleFormIterator,
  type RaRecord,
} from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { AdminApiError, callAdmin } from '../../../admin-api';
import { OfferHint } from './OfferHint';
import { Section } from './Section';
import {
  addressFieldsOf,
  customerContacts,
  customerOption,
  newIdempotencyKey,
  placeOrderRequest,
  type AddressField,
  type CustomerRecord,
  type PlaceOrderValues,
} from './place-order';

const PHONE = regex(
  /^\+?[0-9][0-9 ()-]{8,}[0-9]$/,
  'Введите номер телефона полностью, например +7 999 123-45-67',
);
const POSTAL_CODE = regex(/^[0-9]{6}$/, 'Индекс — шесть цифр, например 101000');
const QUANTITY = [required(), number(), minValue(1), maxValue(9999)];

const DEFAULTS: PlaceOrderValues = {
  userId: null,
  lines: [{ article: '', quantity: 1 }],
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

function AddLineButton() {
  const { add } = useSimpleFormIterator();
  return (
    <MuiButton size="small" startIcon={<AddIcon />} onClick={() => add()}>
      Добавить товар
    </MuiButton>
  );
}

/** Article, quantity and, beside them, the product found for the article. */
function LinesSection() {
  // The server's «Проверьте артикулы» is about the rows as they were sent: it goes once they change.
  const { clearErrors, getFieldState } = useFormContext();
  const lines = JSON.stringify(useWatch({ name: 'lines' }));
  useEffect(() => {
    if (getFieldState('lines').error?.type === 'server') clearErrors('lines');
  }, [lines, clearErrors, getFieldState]);
  return (
    <Section title="Товары" wide>
      <ArrayInput source="lines" label={false} validate={required('Добавьте хотя бы один товар')}>
        <SimpleFormIterator inline disableReordering disableClear addButton={<AddLineButton />}>
          <TextInput
            source="article"
            label="Артикул"
            validate={required()}
            sx={{ width: 220 }}
            helperText={false}
          />
          <NumberInput
            source="quantity"
            label="Количество"
            defaultValue={1}
            min={1}
            step={1}
            validate={QUANTITY}
            sx={{ width: 130 }}
            helperText={false}
          />
          <FormDataConsumer<{ article?: string | null }>>
            {({ scopedFormData }) => <OfferHint article={scopedFormData?.article} />}
          </FormDataConsumer>
        </SimpleFormIterator>
      </ArrayInput>
      <Typography variant="body2" color="text.secondary">
        Цены в заказе посчитает магазин для этого покупателя: с его скидками, акциями и промокодом.
      </Typography>
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

function SubmitButton({ busy }: { busy: boolean }) {
  const { isSubmitting } = useFormState();
  return (
    <MuiButton type="submit" variant="contained" size="large" disabled={busy || isSubmitting}>
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
      {/* The form's resource is the order's (SimpleFormIterator needs one). */}
      <ResourceContextProvider value="orders">
        <Form defaultValues={defaults} onSubmit={submit}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { lg: '1fr 1fr' }, alignItems: 'start' }}>
            <CustomerSection />
            <DeliverySection />
            <LinesSection />
            <ExtrasSection />
          </Box>
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
