import {
  ADDRESS_FIELDS,
  type AddressField,
  type CheckoutErrors,
  type CheckoutValues,
  type DeliveryOption,
} from './checkout';
import type { CheckoutFieldSetter } from './checkout-form';
import { FormField } from '../../ui/FormField';

const ADDRESS_LABELS: Record<AddressField, string> = {
  deliveryCity: 'Город',
  deliveryPostalCode: 'Индекс',
  deliveryAddress: 'Адрес: улица, дом, квартира',
  deliveryPickupPoint: 'Пункт выдачи: адрес или код',
};
const ADDRESS_AUTOCOMPLETE: Record<AddressField, string> = {
  deliveryCity: 'address-level2',
  deliveryPostalCode: 'postal-code',
  deliveryAddress: 'street-address',
  deliveryPickupPoint: 'off',
};

interface AddressSectionProps {
  delivery: Pick<DeliveryOption, 'kind' | 'pickupAddress'>;
  values: Pick<CheckoutValues, AddressField>;
  errors: CheckoutErrors;
  set: CheckoutFieldSetter;
}

/**
 * «Адрес доставки» with the fields the chosen delivery kind needs, or «Где забрать» with the show-room's
 * address for self pickup. It follows the chosen delivery, so it is read out when it changes.
 */
export function AddressSection({ delivery, values, errors, set }: AddressSectionProps) {
  return (
    <fieldset className="checkout-section" aria-live="polite">
      <legend className="checkout-section__title">
        {delivery.kind === 'self_pickup' ? 'Где забрать' : 'Адрес доставки'}
      </legend>
      {delivery.kind === 'self_pickup' ? (
        <p className="checkout-pickup">
          {delivery.pickupAddress ?? 'Адрес шоу-рума пришлём в письме с заказом.'}
          <span className="checkout-pickup__note">Приходите после сообщения о том, что заказ собран.</span>
        </p>
      ) : (
        <div className="checkout-section__fields checkout-address">
          {ADDRESS_FIELDS[delivery.kind].map((field) => (
            <FormField key={field} id={field} label={ADDRESS_LABELS[field]} required error={errors[field]}>
              {(control) =>
                field === 'deliveryAddress' ? (
                  <textarea
                    {...control}
                    rows={2}
                    autoComplete={ADDRESS_AUTOCOMPLETE[field]}
                    maxLength={1000}
                    value={values[field]}
                    onChange={(e) => set(field)(e.target.value)}
                  />
                ) : (
                  <input
                    {...control}
                    type="text"
                    autoComplete={ADDRESS_AUTOCOMPLETE[field]}
                    inputMode={field === 'deliveryPostalCode' ? 'numeric' : undefined}
                    maxLength={field === 'deliveryPostalCode' ? 6 : 100}
                    value={values[field]}
                    onChange={(e) => set(field)(e.target.value)}
                  />
                )
              }
            </FormField>
          ))}
        </div>
      )}
    </fieldset>
  );
}
