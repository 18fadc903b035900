import { describe, expect, it } from 'vitest';
import {
  MESSAGE_ERROR,
  NAME_ERROR,
  PHONE_ERROR,
  callbackErrors,
  callbackReady,
  digitsOnly,
  joinedName,
  messageErrors,
  messageMissing,
  messageReady,
  missingText,
  representMissing,
} from './rules';

const x = (n: number) => 'я'.repeat(n);

describe('call-back rules (spec §5)', () => {
  it('needs name, phone and the captcha answer for the button', () => {
    expect(callbackReady({ name: 'Анна', phone: '89991234567' }, 'AB3C')).toBe(true);
    expect(callbackReady({ name: '', phone: '89991234567' }, 'AB3C')).toBe(false);
    expect(callbackReady({ name: 'Анна', phone: '  ' }, 'AB3C')).toBe(false);
    expect(callbackReady({ name: 'Анна', phone: '89991234567' }, ' ')).toBe(false);
  });

  it('takes a name and a phone of 3 to 20 characters, spaces around them not counted', () => {
    expect(callbackErrors({ name: x(3), phone: '123' })).toEqual({});
    expect(callbackErrors({ name: x(20), phone: '1'.repeat(20) })).toEqual({});
    expect(callbackErrors({ name: ` ${x(2)} `, phone: '123' })).toEqual({ name: NAME_ERROR });
    expect(callbackErrors({ name: x(21), phone: '12' })).toEqual({ name: NAME_ERROR, phone: PHONE_ERROR });
    expect(callbackErrors({ name: x(5), phone: '1'.repeat(21) })).toEqual({ phone: PHONE_ERROR });
  });
});

describe('message rules (spec §5)', () => {
  const filled = { name: 'Анна', email: 'anna@example.ru', phone: '79991234567', message: '' };

  it('needs name, e-mail, phone and the captcha answer for the button', () => {
    expect(messageReady(filled, 'AB3C')).toBe(true);
    for (const key of ['name', 'email', 'phone'] as const)
      expect(messageReady({ ...filled, [key]: ' ' }, 'AB3C'), key).toBe(false);
    expect(messageReady(filled, '')).toBe(false);
  });

  it('takes a name of 3 to 20 and a message of 3 to 500 characters; the e-mail is not judged', () => {
    expect(messageErrors({ ...filled, email: 'не адрес', message: x(3) })).toEqual({});
    expect(messageErrors({ ...filled, name: x(20), message: x(500) })).toEqual({});
    expect(messageErrors({ ...filled, name: x(2), message: x(3) })).toEqual({ name: NAME_ERROR });
    expect(messageErrors({ ...filled, name: x(21), message: x(2) })).toEqual({
      name: NAME_ERROR,
      message: MESSAGE_ERROR,
    });
    expect(messageErrors({ ...filled, message: x(501) })).toEqual({ message: MESSAGE_ERROR });
    expect(messageErrors({ ...filled, message: '    ' })).toEqual({ message: MESSAGE_ERROR });
  });

  it('sends the name, e-mail and phone joined with "+"', () => {
    expect(joinedName({ ...filled, name: ' Анна ', email: ' anna+shop@example.ru' })).toBe(
      'Анна+anna+shop@example.ru+79991234567',
    );
  });

  it('keeps only the digits of the phone', () => {
    expect(digitsOnly('+7 (999) 123-45-67')).toBe('79991234567');
    expect(digitsOnly('abc')).toBe('');
  });
});

describe('why the send button waits', () => {
  it('names what is still empty, the captcha’s symbols last', () => {
    const empty = { name: '', email: '', phone: '', message: '' };
    expect(missingText(messageMissing(empty, ''))).toBe(
      'Чтобы отправить, заполните имя, e-mail, телефон и символы с картинки',
    );
    expect(
      missingText(messageMissing({ ...empty, name: 'Анна', email: 'a@b.ru', phone: '79991234567' }, '')),
    ).toBe('Чтобы отправить, заполните символы с картинки');
    expect(
      representMissing(
        { name: 'Анна', city: '', phone: '+7 (999) 123-45-67', email: '', experience: '3 года' },
        'AB',
      ),
    ).toEqual(['город', 'e-mail']);
  });

  it('says nothing once everything is filled', () => {
    const filled = { name: 'Анна', email: 'a@b.ru', phone: '79991234567', message: '' };
    expect(messageMissing(filled, 'AB3C')).toEqual([]);
    expect(missingText([])).toBeNull();
  });
});
