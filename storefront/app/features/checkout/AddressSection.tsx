import type { CheckoutErrors, CheckoutPoints, CheckoutValues, DeliveryOption } from './checkout';
import type { CheckoutFieldSetter } from './checkout-form';
import { CourierSchedule } from './CourierSchedule';
import { PickupPointPicker } from './PickupPointPicker';
import { FormField } from '../../ui/FormField';

interface AddressSectionProps {
  delivery: Pick<DeliveryOption, 'id' | 'kind' | 'pickupAddress' | 'courierDays' | 'timeSlots' | 'carrier'>;
  values: CheckoutValues;
  errors: CheckoutErrors;
  set: CheckoutFieldSetter;
  /** The chosen service's pickup points in the city, when it has a carrier with points. */
  points: CheckoutPoints | null;
  mapsApiKey: string | null;
  /** The index was typed: the post's price depends on it. */
  onPostalCode: (postalCode: string) => void;
}

/**
 * What the chosen delivery needs besides the city (asked above the services): the courier's address with
 * its day and time, the post's index and address, the pickup point from the carrier's list and map (typed
 * by hand when the carrier cannot list them now), or the show-room's address for self pickup. It follows
 * the chosen delivery, so it is read out when it changes.
 */
export function AddressSection(props: AddressSectionProps) {
  const { delivery } = props;
  return (
    <fieldset className="checkout-section" aria-live="polite">
      <legend className="checkout-section__title">
        {delivery.kind === 'self_pickup'
          ? 'Где забрать'
          : delivery.kind === 'pickup_point'
            ? 'Пункт выдачи'
            : 'Адрес доставки'}
      </legend>
      {delivery.kind === 'self_pickup' ? (
        <p className="checkout-pickup">
          {delivery.pickupAddress ?? 'Адрес шоу-рума пришлём в письме с заказом.'}
          <span className="checkout-pickup__note">Приходите после сообщения о том, что заказ собран.</span>
        </p>
      ) : delivery.kind === 'pickup_point' ? (
        <PointFields {...props} />
      ) : (
        <DoorFields {...props} />
      )}
    </fieldset>
  );
}

function PointFields({ values, errors, set, points, mapsApiKey, delivery }: AddressSectionProps) {
  const listed =
    points && points.serviceId === delivery.id && !points.unavailable && points.points.length > 0;
  if (listed)
    return (
      <PickupPointPicker
        points={points.points}
        selectedCode={values.deliveryPickupPoint || null}
        onSelect={set('deliveryPickupPoint')}
        mapsApiKey={mapsApiKey}
        error={errors.deliveryPickupPoint}
      />
    );
  return (
    <div className="checkout-section__fields checkout-address">
      {points?.unavailable && (
        <p className="checkout-section__note">
          Служба доставки сейчас не показывает пункты выдачи: впишите адрес или код пункта, мы проверим его
          при подтверждении заказа.
        </p>
      )}
      {!points && delivery.carrier && (
        <p className="checkout-section__note">Выберите город — покажем пункты выдачи на карте и списком.</p>
      )}
      <FormField
        id="deliveryPickupPoint"
        label="Пункт выдачи: адрес или код"
        required
        error={errors.deliveryPickupPoint}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="off"
            maxLength={100}
            value={values.deliveryPickupPoint}
            onChange={(e) => set('deliveryPickupPoint')(e.target.value)}
          />
        )}
      </FormField>
    </div>
  );
}

function DoorFields({ delivery, values, errors, set, onPostalCode }: AddressSectionProps) {
  return (
    <div className="checkout-section__fields checkout-address">
      {delivery.kind === 'post' && (
        <FormField id="deliveryPostalCode" label="Индекс" required error={errors.deliveryPostalCode}>
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="postal-code"
              inputMode="numeric"
              maxLength={6}
              value={values.deliveryPostalCode}
              onChange={(e) => set('deliveryPostalCode')(e.target.value)}
              onBlur={(e) => {
                if (/^\d{6}$/.test(e.target.value.trim())) onPostalCode(e.target.value.trim());
              }}
            />
          )}
        </FormField>
      )}
      <FormField
        id="deliveryAddress"
        label="Адрес: улица, дом, квартира"
        required
        error={errors.deliveryAddress}
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            autoComplete="street-address"
            maxLength={1000}
            value={values.deliveryAddress}
            onChange={(e) => set('deliveryAddress')(e.target.value)}
          />
        )}
      </FormField>
      {delivery.kind === 'courier' && delivery.courierDays.length > 0 && (
        <CourierSchedule
          days={delivery.courierDays}
          slots={delivery.timeSlots}
          date={values.deliveryDate || null}
          slot={values.deliveryTimeSlot || null}
          onDate={set('deliveryDate')}
          onSlot={set('deliveryTimeSlot')}
          errors={{ date: errors.deliveryDate, slot: errors.deliveryTimeSlot }}
        />
      )}
    </div>
  );
}
