import type { CheckoutErrors, CheckoutValues } from './checkout';
import type { CheckoutFieldSetter } from './checkout-form';
import { PhoneInput } from '../../ui/MaskedInput';
import { FormField } from '../../ui/FormField';

interface ContactSectionProps {
  values: Pick<CheckoutValues, 'customerName' | 'customerPhone' | 'customerEmail'>;
  errors: CheckoutErrors;
  set: CheckoutFieldSetter;
}

/** «Получатель»: who receives the order and how the shop reaches them (the letter goes to the e-mail). */
export function ContactSection({ values, errors, set }: ContactSectionProps) {
  return (
    <fieldset className="checkout-section">
      <legend className="checkout-section__title">Получатель</legend>
      <div className="checkout-section__fields">
        <FormField id="customerName" label="Имя и фамилия" required error={errors.customerName}>
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="name"
              maxLength={200}
              value={values.customerName}
              onChange={(e) => set('customerName')(e.target.value)}
            />
          )}
        </FormField>
        <div className="profile-form__pair">
          <FormField id="customerPhone" label="Телефон" required error={errors.customerPhone}>
            {(control) => (
              <PhoneInput {...control} value={values.customerPhone} onValueChange={set('customerPhone')} />
            )}
          </FormField>
          <FormField
            id="customerEmail"
            label="E-mail"
            required
            error={errors.customerEmail}
            hint="Пришлём письмо с заказом"
          >
            {(control) => (
              <input
                {...control}
                type="email"
                inputMode="email"
                autoComplete="email"
                maxLength={255}
                value={values.customerEmail}
                onChange={(e) => set('customerEmail')(e.target.value)}
              />
            )}
          </FormField>
        </div>
      </div>
    </fieldset>
  );
}
