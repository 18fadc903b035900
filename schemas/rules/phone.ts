// Phone numbers as people type them («8 (495) 123-45-67», «+7 912 345 67 89», «9123456789») and as the shop
// stores them (+74951234567). Shared by the server (the `x-normalize: "phone"` keyword, sign-up, orders)
// and the forms, so that what a form lets through the server stores in the same form.

/** Digits of a Russian phone number as stored: 8XXXXXXXXXX and +7XXXXXXXXXX are the same number. */
export function phoneDigits(s: string): string {
  const d = s.replace(/\D/g, '');
  return d.length === 11 && d.startsWith('8') ? `7${d.slice(1)}` : d;
}

/** The stored form (+79991234567), or null when it is not a phone number at all. */
export function storedPhone(s: string): string | null {
  let d = phoneDigits(s);
  // A Russian mobile typed without the country code.
  if (d.length === 10 && d.startsWith('9')) d = `7${d}`;
  return /^[1-9]\d{10,14}$/.test(d) ? `+${d}` : null;
}

/**
 * What a phone field holds once normalised: the stored form when the text is a number, the text as it
 * was otherwise (so that the field's own pattern refuses it with its message). Non-strings pass untouched.
 */
export function normalizedPhone(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  return storedPhone(value) ?? value;
}

/**
 * A stored phone (+79123456789) as a spreadsheet cell: «8 (912) 345-67-89», the way numbers are written and
 * dialled in Russia. It starts with a digit, so no formula guard is needed (a cell starting with + gets
 * the guard's leading ' in the CSV export, and bare «+7…» Excel would turn into a number or a formula),
 * and its spaces and brackets keep it text (no digits lost to a number format). Another country's number
 * is written with 00, the international prefix, in place of its +: «00 375291234567». Anything that is not
 * a stored phone stays as it is.
 */
export function spreadsheetPhone(stored: string): string {
  const ru = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(stored);
  if (ru) return `8 (${ru[1]}) ${ru[2]}-${ru[3]}-${ru[4]}`;
  const other = /^\+([1-9]\d{9,14})$/.exec(stored);
  return other ? `00 ${other[1]}` : stored;
}
