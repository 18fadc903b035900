import type { FactoryOpts } from 'imask';
import type { ProfileCompany } from '@shop/schemas';
import { useState, type FormEvent } from 'react';
import { useApi } from '../../lib/browser-api';
import { MaskedInput, digitsMask } from '../../ui/MaskedInput';
import { FormField } from '../../ui/FormField';
import {
  LEGAL_FORMS,
  companyBody,
  companyProblems,
  companyValues,
  isPerson,
  type CompanyValues,
  type LegalForm,
} from './company-rules';
import { useSave } from './use-save';

export const COMPANY_SAVED = 'Реквизиты сохранены';

/** КПП: digits, with the reason code allowed to be two capital Latin letters. */
const KPP_MASK: FactoryOpts = {
  mask: /^[\dA-Z]{0,9}$/,
  prepareChar: (ch: string) => ch.toUpperCase(),
};

type TextKey = Exclude<keyof CompanyValues, 'legalForm'>;

interface NumberField {
  key: TextKey;
  label: string;
  mask: FactoryOpts;
  hint: string;
}

/** /profile/company: the organisation for invoices and closing documents. */
export function CompanyForm({ company }: { company: ProfileCompany | null }) {
  const api = useApi();
  const { errors, failure, busy, formRef, save, edited, toast } = useSave();
  const [values, setValues] = useState<CompanyValues>(() => companyValues(company));
  const person = isPerson(values.legalForm);

  const set = (key: keyof CompanyValues) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    edited(key);
  };
  // Checked on saving only: a message appearing when a field is left moves the button away from a click
  // already on its way.
  const errorOf = (key: keyof CompanyValues) => errors[key];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save({
      errors: companyProblems(values),
      send: () => api.profile.updateCompany(companyBody(values)),
      done: (answer) => {
        setValues(companyValues(answer));
        toast.show(COMPANY_SAVED, { kind: 'success' });
      },
    });
  };

  const text = (key: TextKey, label: string, opts: { required?: boolean; max: number; auto?: string }) => (
    <FormField id={key} label={label} required={opts.required} error={errorOf(key)}>
      {(control) => (
        <input
          {...control}
          type="text"
          maxLength={opts.max}
          autoComplete={opts.auto ?? 'off'}
          value={values[key]}
          onChange={(e) => set(key)(e.target.value)}
        />
      )}
    </FormField>
  );
  const number = ({ key, label, mask, hint }: NumberField, required = false) => (
    <FormField id={key} label={label} required={required} error={errorOf(key)} hint={hint}>
      {(control) => (
        <MaskedInput
          {...control}
          type="text"
          inputMode={key === 'kpp' ? 'text' : 'numeric'}
          autoComplete="off"
          mask={mask}
          value={values[key]}
          onValueChange={set(key)}
        />
      )}
    </FormField>
  );

  return (
    <form ref={formRef} className="profile-form profile-form--wide" noValidate onSubmit={submit}>
      {failure && (
        <p className="profile-form__failure" role="alert" tabIndex={-1}>
          {failure}
        </p>
      )}
      <fieldset className="profile-form__group">
        <legend className="profile-form__legend">Организация</legend>
        <FormField id="legalForm" label="Организационно-правовая форма" required>
          {(control) => (
            <select
              {...control}
              value={values.legalForm}
              onChange={(e) => {
                setValues((v) => ({ ...v, legalForm: e.target.value as LegalForm }));
              }}
            >
              {LEGAL_FORMS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {text('name', 'Наименование', { required: true, max: 300, auto: 'organization' })}
        <div className="profile-form__pair">
          {number(
            {
              key: 'inn',
              label: 'ИНН',
              mask: digitsMask(12),
              hint: person ? '12 цифр' : '10 цифр у организации, 12 у ИП',
            },
            true,
          )}
          {number({
            key: 'kpp',
            label: 'КПП',
            mask: KPP_MASK,
            hint: person ? 'У ИП и самозанятого нет КПП' : '9 символов',
          })}
        </div>
        {number({
          key: 'ogrn',
          label: 'ОГРН / ОГРНИП',
          mask: digitsMask(15),
          hint: person ? 'ОГРНИП — 15 цифр' : 'ОГРН — 13 цифр',
        })}
        {text('directorName', 'Руководитель (ФИО)', { max: 200 })}
        {text('legalAddress', 'Юридический адрес', { max: 500 })}
        {text('actualAddress', 'Фактический адрес', { max: 500 })}
      </fieldset>
      <fieldset className="profile-form__group">
        <legend className="profile-form__legend">Банк</legend>
        {text('bankName', 'Банк', { max: 300 })}
        {number({ key: 'bik', label: 'БИК', mask: digitsMask(9), hint: '9 цифр, начинается с 04' })}
        {number({ key: 'settlementAccount', label: 'Расчётный счёт', mask: digitsMask(20), hint: '20 цифр' })}
        {number({
          key: 'correspondentAccount',
          label: 'Корреспондентский счёт',
          mask: digitsMask(20),
          hint: '20 цифр, начинается с 301',
        })}
      </fieldset>
      <div className="profile-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Сохраняем…' : 'Сохранить реквизиты'}
        </button>
      </div>
    </form>
  );
}
