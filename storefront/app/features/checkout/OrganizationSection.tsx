import type { ProfileCompany } from '@shop/schemas';
import { LEGAL_FORMS } from '../account';
import { quoted } from '../../lib/format';

interface OrganizationSectionProps {
  company: ProfileCompany;
  /** Buying as the organisation (the customer's tick). */
  checked: boolean;
  /** The chosen payment is an invoice: it is always made out to the organisation. */
  invoice: boolean;
  error?: string;
  onChange: (checked: boolean) => void;
}

/** «Покупатель»: a signed-in customer with an organisation in the profile may buy as it. */
export function OrganizationSection({
  company,
  checked,
  invoice,
  error,
  onChange,
}: OrganizationSectionProps) {
  return (
    <fieldset
      className="checkout-section"
      id="organizationId"
      tabIndex={-1}
      aria-describedby={error ? 'organizationId-error' : undefined}
    >
      <legend className="checkout-section__title">Покупатель</legend>
      {error && (
        <p id="organizationId-error" className="checkout-section__error">
          {error}
        </p>
      )}
      <label className="checkout-check">
        <input
          type="checkbox"
          name="asOrganization"
          value="1"
          checked={checked || invoice}
          disabled={invoice}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>
          Покупаю как организация
          <span className="checkout-check__note">
            {companyTitle(company)}, ИНН {company.inn}
            {invoice && ' — счёт выставим на неё'}
          </span>
        </span>
      </label>
      {/* A disabled checkbox sends nothing: the invoice's organisation is sent all the same. */}
      {invoice && <input type="hidden" name="asOrganization" value="1" />}
    </fieldset>
  );
}

/** "ООО «Ресницы»": the organisation as the customer knows it. */
function companyTitle(company: ProfileCompany): string {
  const form = LEGAL_FORMS.find((f) => f.value === company.legalForm);
  return form && company.legalForm !== 'other' ? `${form.label} ${quoted(company.name)}` : company.name;
}
