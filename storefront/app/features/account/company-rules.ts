import {
  isValidAccount,
  isValidBik,
  isValidInn,
  isValidKpp,
  isValidOgrn,
  type ProfileCompany,
} from '@shop/schemas';
import type { FieldErrors } from './use-save';

// The organisation's numbers checked in the browser by the same functions and with the same words as the
// server (server/src/domains/accounts/profile-company.ts), so a mistake is shown before anything is sent.

export type LegalForm = ProfileCompany['legalForm'];

export const LEGAL_FORMS: { value: LegalForm; label: string }[] = [
  { value: 'ooo', label: 'ООО' },
  { value: 'ip', label: 'ИП' },
  { value: 'ao', label: 'АО' },
  { value: 'pao', label: 'ПАО' },
  { value: 'self_employed', label: 'Самозанятый' },
  { value: 'other', label: 'Другая' },
];

/** A sole trader and a self-employed person have a personal ИНН (12 digits), an ОГРНИП and no КПП. */
export const isPerson = (form: LegalForm) => form === 'ip' || form === 'self_employed';

/** The form's text fields: every one a string, empty when not given. */
/** The form's fields: every requisite as typed (the organisation's id is the server's, not the form's). */
export type CompanyValues = {
  [K in Exclude<keyof ProfileCompany, 'id'>]-?: K extends 'legalForm' ? LegalForm : string;
};

export const INN_INVALID = 'Неверный ИНН: не сходится контрольное число. Проверьте цифры.';

export function companyProblems(c: CompanyValues): FieldErrors {
  const problems: FieldErrors = {};
  const person = isPerson(c.legalForm);
  if (!c.name.trim()) problems.name = 'Введите наименование организации';
  if (!c.inn) problems.inn = 'Введите ИНН: 10 цифр у организации, 12 у ИП и самозанятого';
  else if (!/^(\d{10}|\d{12})$/.test(c.inn)) problems.inn = 'ИНН — 10 или 12 цифр';
  else if (!isValidInn(c.inn)) problems.inn = INN_INVALID;
  else if (person && c.inn.length !== 12) problems.inn = 'У ИП и самозанятого ИНН из 12 цифр';
  else if (c.legalForm !== 'other' && !person && c.inn.length !== 10)
    problems.inn = 'У организации ИНН из 10 цифр';
  if (c.kpp) {
    if (person) problems.kpp = 'У ИП и самозанятого нет КПП: оставьте поле пустым';
    else if (!isValidKpp(c.kpp))
      problems.kpp = 'КПП — 9 символов: 4 цифры, 2 цифры или латинские буквы, 3 цифры';
  }
  if (c.ogrn) {
    if (!/^(\d{13}|\d{15})$/.test(c.ogrn)) problems.ogrn = 'ОГРН — 13 цифр, ОГРНИП — 15 цифр';
    else if (!isValidOgrn(c.ogrn))
      problems.ogrn = 'Неверный ОГРН / ОГРНИП: не сходится контрольное число. Проверьте цифры.';
    else if (person && c.ogrn.length !== 15) problems.ogrn = 'У ИП ОГРНИП из 15 цифр';
    else if (!person && c.legalForm !== 'other' && c.ogrn.length !== 13)
      problems.ogrn = 'У организации ОГРН из 13 цифр';
  }
  if (c.bik && !isValidBik(c.bik)) problems.bik = 'Неверный БИК: он начинается с 04 и состоит из 9 цифр';
  if (c.settlementAccount) {
    if (!/^\d{20}$/.test(c.settlementAccount)) problems.settlementAccount = 'Расчётный счёт — 20 цифр';
    else if (!c.bik) problems.bik = 'Укажите БИК банка, в котором открыт счёт';
    else if (isValidBik(c.bik) && !isValidAccount(c.bik, c.settlementAccount))
      problems.settlementAccount = 'Расчётный счёт не сходится с БИК: проверьте цифры счёта и БИК';
  }
  if (c.correspondentAccount) {
    if (!/^\d{20}$/.test(c.correspondentAccount))
      problems.correspondentAccount = 'Корреспондентский счёт — 20 цифр';
    else if (!c.correspondentAccount.startsWith('301'))
      problems.correspondentAccount = 'Корреспондентский счёт начинается с 301';
    else if (c.bik && c.correspondentAccount.slice(-3) !== c.bik.slice(-3))
      problems.correspondentAccount = 'Корреспондентский счёт должен оканчиваться на последние три цифры БИК';
  }
  return problems;
}

export const EMPTY_COMPANY: CompanyValues = {
  legalForm: 'ooo',
  name: '',
  inn: '',
  kpp: '',
  ogrn: '',
  directorName: '',
  legalAddress: '',
  actualAddress: '',
  bankName: '',
  bik: '',
  settlementAccount: '',
  correspondentAccount: '',
};

export function companyValues(c: ProfileCompany | null): CompanyValues {
  if (!c) return EMPTY_COMPANY;
  const out = { ...EMPTY_COMPANY };
  for (const key of Object.keys(EMPTY_COMPANY) as (keyof CompanyValues)[])
    (out as Record<string, string>)[key] = c[key] ?? '';
  return out;
}

/** What PUT /api/profile/company takes: trimmed, an empty optional field as null. */
export function companyBody(v: CompanyValues): ProfileCompany {
  const opt = (s: string) => (s.trim() ? s.trim() : null);
  return {
    legalForm: v.legalForm,
    name: v.name.trim(),
    inn: v.inn.trim(),
    kpp: opt(v.kpp.toUpperCase()),
    ogrn: opt(v.ogrn),
    directorName: opt(v.directorName),
    legalAddress: opt(v.legalAddress),
    actualAddress: opt(v.actualAddress),
    bankName: opt(v.bankName),
    bik: opt(v.bik),
    settlementAccount: opt(v.settlementAccount),
    correspondentAccount: opt(v.correspondentAccount),
  };
}
