// The spec's rules for the call-back and message forms (§5, §9). The server checks the same again; these
// spare the visitor a round trip and a spent captcha.

export const NAME_LENGTH = { min: 3, max: 20 } as const;
export const PHONE_LENGTH = { min: 3, max: 20 } as const;
export const MESSAGE_LENGTH = { min: 3, max: 500 } as const;

export const NAME_ERROR = 'Имя должно быть от 3 до 20 символов';
export const PHONE_ERROR = 'Телефон должен быть от 3 до 20 символов';
export const MESSAGE_ERROR = 'Сообщение должно быть от 3 до 500 символов';

export type FieldErrors = Partial<Record<string, string>>;

const within = (value: string, { min, max }: { min: number; max: number }) => {
  const length = value.trim().length;
  return length >= min && length <= max;
};

const blank = (value: string) => value.trim() === '';

/** What the captcha's answer is called where the send button says what is still missing. */
export const CAPTCHA_MISSING = 'символы с картинки';

/**
 * The fields still empty, named as «Заполните …» continues («имя, телефон и символы с картинки»): the send
 * button is enabled when none is, and says which while it is not.
 */
function missingOf(fields: readonly (readonly [string, string])[], answer: string): string[] {
  const missing = fields.filter(([, value]) => blank(value)).map(([word]) => word);
  return blank(answer) ? [...missing, CAPTCHA_MISSING] : missing;
}

/** «Заполните имя, телефон и символы с картинки»: why the send button waits; null when nothing is missing. */
export function missingText(missing: readonly string[]): string | null {
  if (!missing.length) return null;
  const list = missing.length > 1 ? `${missing.slice(0, -1).join(', ')} и ${missing.at(-1)}` : missing[0];
  return `Чтобы отправить, заполните ${list}`;
}

export interface CallbackValues {
  name: string;
  phone: string;
}

/** Spec §5: the button is enabled once name, phone and the captcha answer are filled. */
export const callbackMissing = (v: CallbackValues, answer: string) =>
  missingOf(
    [
      ['имя', v.name],
      ['телефон', v.phone],
    ],
    answer,
  );
export const callbackReady = (v: CallbackValues, answer: string) => !callbackMissing(v, answer).length;

/** Spec §5: name and phone 3 to 20 characters each, otherwise nothing is sent. */
export function callbackErrors(v: CallbackValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!within(v.name, NAME_LENGTH)) errors.name = NAME_ERROR;
  if (!within(v.phone, PHONE_LENGTH)) errors.phone = PHONE_ERROR;
  return errors;
}

export interface MessageValues {
  name: string;
  email: string;
  phone: string;
  message: string;
}

/** Spec §5: name, e-mail, phone and the captcha answer are needed for the button (the message is checked on
 *  sending, with its length). */
export const messageMissing = (v: MessageValues, answer: string) =>
  missingOf(
    [
      ['имя', v.name],
      ['e-mail', v.email],
      ['телефон', v.phone],
    ],
    answer,
  );
export const messageReady = (v: MessageValues, answer: string) => !messageMissing(v, answer).length;

/** Spec §5: name 3 to 20, message 3 to 500 characters; the e-mail's format is not checked. */
export function messageErrors(v: MessageValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!within(v.name, NAME_LENGTH)) errors.name = NAME_ERROR;
  if (!within(v.message, MESSAGE_LENGTH)) errors.message = MESSAGE_ERROR;
  return errors;
}

/** Spec §5: the message request's name is the name, e-mail and phone joined with '+'. */
export const joinedName = (v: MessageValues) => [v.name.trim(), v.email.trim(), v.phone].join('+');

/** The phone of the message form is a numeric field: only digits stay. */
export const digitsOnly = (value: string) => value.replace(/\D+/g, '');

// «Стать представителем» (the home page's block): the server's rules, POST /api/feedback/represent.
export const CITY_LENGTH = { min: 2, max: 100 } as const;
export const EXPERIENCE_LENGTH = { min: 3, max: 1000 } as const;

export const CITY_ERROR = 'Город должен быть от 2 до 100 символов';
export const REPRESENT_PHONE_ERROR = 'Введите телефон полностью: +7 и 10 цифр';
export const EMAIL_ERROR = 'Проверьте e-mail: например, name@mail.ru';
export const EXPERIENCE_ERROR = 'Расскажите об опыте: от 3 до 1000 символов';

export interface RepresentValues {
  name: string;
  city: string;
  phone: string;
  email: string;
  experience: string;
}

/** The button is enabled once every field and the captcha answer are filled. */
export const representMissing = (v: RepresentValues, answer: string) =>
  missingOf(
    [
      ['имя', v.name],
      ['город', v.city],
      ['телефон', v.phone],
      ['e-mail', v.email],
      ['опыт работы', v.experience],
    ],
    answer,
  );
export const representReady = (v: RepresentValues, answer: string) => !representMissing(v, answer).length;

/** Name 3 to 20, city 2 to 100, a whole phone number, an e-mail, experience 3 to 1000 characters. */
export function representErrors(v: RepresentValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!within(v.name, NAME_LENGTH)) errors.name = NAME_ERROR;
  if (!within(v.city, CITY_LENGTH)) errors.city = CITY_ERROR;
  if (!/^7\d{10}$/.test(v.phone.replace(/\D/g, ''))) errors.phone = REPRESENT_PHONE_ERROR;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())) errors.email = EMAIL_ERROR;
  if (!within(v.experience, EXPERIENCE_LENGTH)) errors.experience = EXPERIENCE_ERROR;
  return errors;
}
