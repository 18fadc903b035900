// Check digits of Russian company requisites, the rules the tax service and the Bank of Russia publish:
// ИНН (10 digits for an organisation, 12 for a person), ОГРН (13) and ОГРНИП (15), КПП, БИК and a
// settlement account checked against its bank's БИК. Shared by the server (validation, demo data) and the
// storefront and admin forms, so that all of them accept and refuse the same numbers.

const digits = (s: string) => [...s].map(Number);
const checkDigit = (d: number[], weights: number[]) =>
  (weights.reduce((sum, w, i) => sum + w * d[i]!, 0) % 11) % 10;

export function isValidInn(inn: string): boolean {
  if (/^\d{10}$/.test(inn)) {
    const d = digits(inn);
    return checkDigit(d, [2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[9];
  }
  if (/^\d{12}$/.test(inn)) {
    const d = digits(inn);
    return (
      checkDigit(d, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10] &&
      checkDigit(d, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11]
    );
  }
  return false;
}

/** ОГРН of an organisation (13 digits) or ОГРНИП of a sole trader (15 digits). */
export function isValidOgrn(ogrn: string): boolean {
  if (!/^\d{13}$|^\d{15}$/.test(ogrn)) return false;
  const modulus = ogrn.length === 13 ? 11n : 13n;
  return (BigInt(ogrn.slice(0, -1)) % modulus) % 10n === BigInt(ogrn.slice(-1));
}

/** КПП: tax office code, the reason (two digits or capital Latin letters), a serial number. */
export function isValidKpp(kpp: string): boolean {
  return /^\d{4}[\dA-Z]{2}\d{3}$/.test(kpp);
}

export function isValidBik(bik: string): boolean {
  return /^04\d{7}$/.test(bik);
}

/** A settlement (or correspondent) account of 20 digits whose key checks against the bank's БИК. */
export function isValidAccount(bik: string, account: string): boolean {
  if (!isValidBik(bik) || !/^\d{20}$/.test(account)) return false;
  const weights = [7, 1, 3];
  const sum = digits(bik.slice(-3) + account).reduce((s, d, i) => s + ((d * weights[i % 3]!) % 10), 0);
  return sum % 10 === 0;
}
