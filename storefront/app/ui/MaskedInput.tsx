import type IMask from 'imask';
import type { FactoryOpts, InputMask } from 'imask';
import { useEffect, useRef, type InputHTMLAttributes } from 'react';
import { formatPhone } from '../lib/format';
import { loadOnce } from '../lib/load-once';

// Input masks of the shop's forms (spec §5), on imask. The field is a plain <input> carrying its value from
// the server's HTML, so the page shows the customer's data before any script runs; the mask attaches in the
// browser and reports every accepted change as the text the customer sees. imask (16 kB gzip) is loaded by
// the first field that mounts, not with every page: the header's dialogs and the product page's stock notice
// hold such fields, and most visits open none of them. Whatever was typed before it arrived is masked then.
//
//   <MaskedInput mask={PHONE_MASK} value={phone} onValueChange={(v) => setPhone(v)} id="phone" />

type Masked = InputMask<FactoryOpts>['masked'];

/**
 * `+7 (000) 000-00-00`. A pasted or autofilled whole number ("8 916 123-45-67", "+79161234567") loses its
 * country digit instead of shifting everything by one.
 */
export const PHONE_MASK: FactoryOpts = {
  mask: '+{7} (000) 000-00-00',
  prepare: (chunk: string, masked: Masked) => {
    const digits = chunk.replace(/\D/g, '');
    const empty = masked.unmaskedValue.replace(/\D/g, '').length <= 1;
    return empty && digits.length === 11 && /^[78]/.test(digits) ? digits.slice(1) : chunk;
  },
};
export const PHONE_PLACEHOLDER = '+7 (___) ___-__-__';

/**
 * Spec §5: day.month.year, day 1–31, month 1–12, year 1900–9999; a date that does not exist (31.02) is
 * refused as it is typed.
 */
export const DATE_MASK: FactoryOpts = {
  mask: Date,
  min: new Date(1900, 0, 1),
  max: new Date(9999, 11, 31),
};
export const DATE_PLACEHOLDER = 'ДД.ММ.ГГГГ';

const digitMasks = new Map<number, FactoryOpts>();
/** Up to `length` digits and nothing else (ИНН, КПП, БИК, account numbers). */
export function digitsMask(length: number): FactoryOpts {
  let mask = digitMasks.get(length);
  if (!mask) {
    mask = { mask: new RegExp(`^\\d{0,${length}}$`) };
    digitMasks.set(length, mask);
  }
  return mask;
}

/** "+79161234501" (as the API stores it) → "+7 (916) 123-45-01", as PHONE_MASK writes it; anything else as it is. */
export function phoneToMasked(phone: string | null | undefined): string {
  return phone ? formatPhone(phone) : '';
}

/** "+7 (916) 123-45-01" → "+79161234501"; null while the number is not complete. */
export function phoneFromMasked(value: string): string | null {
  const digits = value.replace(/\D/g, '');
  return /^7\d{10}$/.test(digits) ? `+${digits}` : null;
}

/** "1990-05-17" → "17.05.1990". */
export function dateToMasked(iso: string | null | undefined): string {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return m ? `${m[3]}.${m[2]}.${m[1]}` : '';
}

/** "17.05.1990" → "1990-05-17"; null for a date that is incomplete or does not exist. */
export function dateFromMasked(value: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${m[3]}-${m[2]}-${m[1]}`;
}

type IMaskFactory = typeof IMask;
const imask = loadOnce<IMaskFactory>(() => import('imask').then((module) => module.default));
/** Loads imask ahead of the first field (the tests do); a field mounted after that attaches its mask at once. */
export async function loadMasks(): Promise<void> {
  await imask.load();
}

export interface MaskedInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange'
> {
  /** One of the presets above (keep the object stable: a new object re-creates the mask). */
  mask: FactoryOpts;
  /** The text as shown, e.g. "+7 (916) 123-45-01". */
  value: string;
  onValueChange: (value: string, state: { complete: boolean }) => void;
}

export function MaskedInput({ mask, value, onValueChange, ...input }: MaskedInputProps) {
  const element = useRef<HTMLInputElement>(null);
  const instance = useRef<InputMask<FactoryOpts> | null>(null);
  // The latest value and callback, read by the mask's listener without re-creating the mask.
  const latest = useRef({ value, onValueChange });
  latest.current = { value, onValueChange };

  useEffect(() => {
    const el = element.current;
    if (!el) return;
    let m: InputMask<FactoryOpts> | null = null;
    let gone = false;
    const attach = (createMask: IMaskFactory) => {
      if (gone) return;
      // What the field holds now: the value given, or what was typed before the mask arrived.
      const typed = el.value;
      const attached = createMask(el, mask);
      const report = () =>
        latest.current.onValueChange(attached.value, { complete: attached.masked.isComplete });
      attached.value = typed;
      attached.on('accept', report);
      if (attached.value !== latest.current.value) report();
      m = instance.current = attached;
      el.dataset.masked = '';
    };
    const loaded = imask.current();
    if (loaded) attach(loaded);
    else void imask.load().then(attach);
    return () => {
      gone = true;
      instance.current = null;
      delete el.dataset.masked;
      m?.destroy();
    };
  }, [mask]);

  // A value set from outside (a reset, the server's answer) goes through the mask too.
  useEffect(() => {
    const m = instance.current;
    if (m && m.value !== value) m.value = value;
  }, [value]);

  return <input ref={element} defaultValue={value} {...input} />;
}

type PhoneInputProps = Omit<MaskedInputProps, 'mask' | 'type' | 'inputMode' | 'autoComplete' | 'placeholder'>;

/** The phone input of the shop's forms: the mask +7 (000) 000-00-00 and what a browser needs to fill it in. */
export function PhoneInput(props: PhoneInputProps) {
  return (
    <MaskedInput
      {...props}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={PHONE_PLACEHOLDER}
      mask={PHONE_MASK}
    />
  );
}
