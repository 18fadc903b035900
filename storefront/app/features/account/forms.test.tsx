import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Profile, ProfileCompany, ProfileSubscriptionsState } from '@shop/schemas';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import type { ComponentType } from 'react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as BrowserApi from '../../lib/browser-api';
import { loadMasks } from '../../ui/MaskedInput';
import { ToastProvider } from '../../ui/Toast';
import { COMPANY_SAVED, CompanyForm } from './CompanyForm';
import { PASSWORD_CHANGED, PasswordForm } from './PasswordForm';
import { EMAIL_PENDING, SUBSCRIPTIONS_SAVED, SubscriptionsForm } from './SubscriptionsForm';
import { EMAIL_CHANGED, PROFILE_SAVED, UserForm } from './UserForm';
import { INN_INVALID } from './company-rules';

// What the forms sent, and what the fake API answers next. Plain functions rather than vi.fn(): vitest fails
// a test whose vi.fn() returned a rejected promise, even one the component caught.
const sent: { call: string; body: unknown }[] = [];
let answer: (body: unknown) => Promise<unknown>;
const call = (name: string) => (body?: unknown) => {
  sent.push({ call: name, body });
  return answer(body);
};
const api = {
  profile: {
    update: call('profile.update'),
    updateCompany: call('profile.updateCompany'),
    updateSubscriptions: call('profile.updateSubscriptions'),
  },
  auth: { changePassword: call('auth.changePassword'), resendConfirmation: call('auth.resendConfirmation') },
};
// The page's calls go to the mock; the error helpers are the real ones (they read the loaded client).
vi.mock('../../lib/browser-api', async (importOriginal) => {
  const real = await importOriginal<typeof BrowserApi>();
  await real.loadApiClient();
  return { ...real, useApi: () => api };
});

function refusal(status: number, message: string, fields?: Record<string, string>) {
  const response = {
    status,
    statusText: '',
    headers: {},
    config: { headers: new AxiosHeaders() },
    data: { error: { code: 'validation', message, fields } },
  } as AxiosResponse;
  return new AxiosError(message, 'ERR_BAD_REQUEST', undefined, undefined, response);
}

function show(Form: ComponentType) {
  const Stub = createRoutesStub([{ path: '/', Component: Form }]);
  render(
    <ToastProvider>
      <Stub initialEntries={['/']} />
    </ToastProvider>,
  );
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: false });

/** What a browser does when a person types: the new text, the caret at its end, an input event. */
function type(field: HTMLInputElement, text: string, { clear = true } = {}) {
  if (clear) {
    act(() => {
      field.value = '';
      field.setSelectionRange(0, 0);
      fireEvent.input(field);
      fireEvent.change(field);
    });
  }
  for (const ch of text) {
    act(() => {
      const next = field.value + ch;
      field.value = next;
      field.setSelectionRange(next.length, next.length);
      fireEvent.input(field);
    });
  }
}

async function press(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

const errorOf = (label: string) => {
  const field = input(label);
  const note = field.getAttribute('aria-describedby');
  return note ? document.getElementById(note)?.textContent : undefined;
};

const PROFILE: Profile = {
  id: 7,
  name: 'Анна',
  email: 'anna@example.ru',
  phone: '+79161234501',
  birthday: '1990-05-17',
  emailConfirmed: true,
};

beforeEach(() => {
  sent.length = 0;
  answer = async (body) => body;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// Masked fields mask what is typed once imask has loaded, as a browser has it after the first such field.
beforeAll(async () => {
  await loadMasks();
});

describe('personal data form', () => {
  it('shows the phone and the birthday through their masks', () => {
    show(() => <UserForm profile={PROFILE} />);
    expect(input('Телефон').value).toBe('+7 (916) 123-45-01');
    expect(input('Дата рождения').value).toBe('17.05.1990');
    expect(input('Имя').value).toBe('Анна');
  });

  it('sends the phone and the date as the API stores them, and says it saved', async () => {
    answer = async (body) => ({ ...PROFILE, ...(body as object) });
    show(() => <UserForm profile={PROFILE} />);
    type(input('Телефон'), '9031234503');
    type(input('Дата рождения'), '01021985');
    expect(input('Телефон').value).toBe('+7 (903) 123-45-03');
    expect(input('Дата рождения').value).toBe('01.02.1985');
    await press('Сохранить');
    expect(sent).toEqual([
      {
        call: 'profile.update',
        body: { name: 'Анна', email: 'anna@example.ru', phone: '+79031234503', birthday: '1985-02-01' },
      },
    ]);
    expect(screen.getByText(PROFILE_SAVED)).toBeTruthy();
  });

  it('refuses an unfinished date and an unfinished phone without sending', async () => {
    show(() => <UserForm profile={PROFILE} />);
    type(input('Дата рождения'), '3102200');
    type(input('Телефон'), '91612');
    await press('Сохранить');
    expect(sent).toEqual([]);
    expect(errorOf('Дата рождения')).toBe('Введите дату полностью: ДД.ММ.ГГГГ');
    expect(errorOf('Телефон')).toBe('Введите номер телефона полностью: +7 (000) 000-00-00');
    expect(document.activeElement).toBe(input('Телефон'));
  });

  it('refuses 31.02 as it is typed and a birthday in the future on saving', async () => {
    show(() => <UserForm profile={PROFILE} />);
    type(input('Дата рождения'), '31022000');
    expect(input('Дата рождения').value).toBe('31.02.200');
    type(input('Дата рождения'), '01012990');
    await press('Сохранить');
    expect(sent).toEqual([]);
    expect(errorOf('Дата рождения')).toBe('Дата рождения не может быть в будущем');
  });

  it('sends an empty birthday as null', async () => {
    show(() => <UserForm profile={{ ...PROFILE, birthday: null }} />);
    expect(input('Дата рождения').value).toBe('');
    await press('Сохранить');
    expect((sent[0]?.body as { birthday: unknown }).birthday).toBeNull();
  });

  it("puts the server's messages under their fields and keeps what was typed", async () => {
    answer = () =>
      Promise.reject(
        refusal(409, 'Этот e-mail уже зарегистрирован', { email: 'Этот e-mail уже зарегистрирован' }),
      );
    show(() => <UserForm profile={PROFILE} />);
    fireEvent.change(input('E-mail'), { target: { value: 'taken@example.ru' } });
    await press('Сохранить');
    expect(errorOf('E-mail')).toBe('Этот e-mail уже зарегистрирован');
    expect(input('E-mail').value).toBe('taken@example.ru');
    expect(input('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a confirmation letter went to a new e-mail', async () => {
    answer = async (body) => ({ ...PROFILE, ...(body as object), emailConfirmed: false });
    show(() => <UserForm profile={PROFILE} />);
    fireEvent.change(input('E-mail'), { target: { value: 'new@example.ru' } });
    await press('Сохранить');
    expect(screen.getByText(EMAIL_CHANGED)).toBeTruthy();
    expect(errorOf('E-mail')).toBe('Письмо для подтверждения отправлено на этот адрес');
  });
});

const COMPANY: ProfileCompany = {
  legalForm: 'ooo',
  name: 'ООО «Ромашка»',
  inn: '7707083893',
  kpp: '773601001',
  ogrn: '1027700132195',
  directorName: null,
  legalAddress: 'Москва, ул. Вавилова, 19',
  actualAddress: null,
  bankName: 'ПАО Сбербанк',
  bik: '044525225',
  settlementAccount: '40702819938000001234',
  correspondentAccount: '30101810400000000225',
};

describe('company requisites form', () => {
  it('refuses an INN whose check digit is wrong, without sending', async () => {
    show(() => <CompanyForm company={COMPANY} />);
    type(input('ИНН'), '7707083894');
    await press('Сохранить реквизиты');
    expect(sent).toEqual([]);
    expect(errorOf('ИНН')).toBe(INN_INVALID);
    expect(document.activeElement).toBe(input('ИНН'));
  });

  it('clears the message of a field as soon as it is edited', async () => {
    show(() => <CompanyForm company={null} />);
    type(input('ИНН'), '1234567890');
    await press('Сохранить реквизиты');
    expect(errorOf('ИНН')).toBe(INN_INVALID);
    type(input('ИНН'), '7707083893');
    expect(errorOf('ИНН')).toBe('10 цифр у организации, 12 у ИП');
  });

  it('takes only digits, up to 12, in the INN field', () => {
    show(() => <CompanyForm company={null} />);
    type(input('ИНН'), '77a0708389312345');
    expect(input('ИНН').value).toBe('770708389312');
  });

  it('asks a sole trader for a 12-digit INN and no KPP', async () => {
    show(() => <CompanyForm company={COMPANY} />);
    fireEvent.change(input('Организационно-правовая форма'), { target: { value: 'ip' } });
    await press('Сохранить реквизиты');
    expect(sent).toEqual([]);
    expect(errorOf('ИНН')).toBe('У ИП и самозанятого ИНН из 12 цифр');
    expect(errorOf('КПП')).toBe('У ИП и самозанятого нет КПП: оставьте поле пустым');
  });

  it('checks the OGRN, the BIK and the account against the BIK', async () => {
    show(() => <CompanyForm company={COMPANY} />);
    type(input('ОГРН / ОГРНИП'), '1027700132196');
    type(input('Расчётный счёт'), '40702810938000001234');
    type(input('Корреспондентский счёт'), '30101810400000000999');
    await press('Сохранить реквизиты');
    expect(sent).toEqual([]);
    expect(errorOf('ОГРН / ОГРНИП')).toBe(
      'Неверный ОГРН / ОГРНИП: не сходится контрольное число. Проверьте цифры.',
    );
    expect(errorOf('Расчётный счёт')).toBe('Расчётный счёт не сходится с БИК: проверьте цифры счёта и БИК');
    expect(errorOf('Корреспондентский счёт')).toBe(
      'Корреспондентский счёт должен оканчиваться на последние три цифры БИК',
    );
    type(input('БИК'), '123456789');
    await press('Сохранить реквизиты');
    expect(errorOf('БИК')).toBe('Неверный БИК: он начинается с 04 и состоит из 9 цифр');
  });

  it('sends valid requisites with empty fields as null and says it saved', async () => {
    show(() => <CompanyForm company={null} />);
    fireEvent.change(input('Наименование'), { target: { value: ' ООО «Ромашка» ' } });
    type(input('ИНН'), '7707083893');
    type(input('КПП'), '7736ab001');
    expect(input('КПП').value).toBe('7736AB001');
    await press('Сохранить реквизиты');
    expect(sent).toEqual([
      {
        call: 'profile.updateCompany',
        body: {
          legalForm: 'ooo',
          name: 'ООО «Ромашка»',
          inn: '7707083893',
          kpp: '7736AB001',
          ogrn: null,
          directorName: null,
          legalAddress: null,
          actualAddress: null,
          bankName: null,
          bik: null,
          settlementAccount: null,
          correspondentAccount: null,
        },
      },
    ]);
    expect(screen.getByText(COMPANY_SAVED)).toBeTruthy();
  });

  it("shows the server's message under the field it names", async () => {
    answer = () =>
      Promise.reject(
        refusal(409, 'Организация с этим ИНН уже есть в вашем кабинете', { inn: 'Этот ИНН уже указан' }),
      );
    show(() => <CompanyForm company={COMPANY} />);
    await press('Сохранить реквизиты');
    expect(errorOf('ИНН')).toBe('Этот ИНН уже указан');
  });

  it('requires a name and an INN', async () => {
    show(() => <CompanyForm company={null} />);
    await press('Сохранить реквизиты');
    expect(sent).toEqual([]);
    expect(errorOf('Наименование')).toBe('Введите наименование организации');
    expect(errorOf('ИНН')).toBe('Введите ИНН: 10 цифр у организации, 12 у ИП и самозанятого');
  });
});

describe('password change form', () => {
  const fill = (current: string, next: string, repeat: string) => {
    fireEvent.change(screen.getByLabelText('Текущий пароль', { exact: false }), {
      target: { value: current },
    });
    fireEvent.change(screen.getByLabelText(/^Новый пароль \*?$/), { target: { value: next } });
    fireEvent.change(screen.getByLabelText('Новый пароль ещё раз', { exact: false }), {
      target: { value: repeat },
    });
  };

  it('refuses a weak password and two passwords that differ', async () => {
    show(PasswordForm);
    fill('old-pass-1', 'short', 'short');
    await press('Изменить пароль');
    expect(sent).toEqual([]);
    expect(screen.getByText(/не короче 8 символов и содержать хотя бы одну букву и цифру/)).toBeTruthy();
    fill('old-pass-1', 'new-pass-22', 'new-pass-23');
    await press('Изменить пароль');
    expect(sent).toEqual([]);
    expect(screen.getByText('Пароли не совпадают')).toBeTruthy();
  });

  it("shows the server's refusal of the current password under it", async () => {
    answer = () =>
      Promise.reject(refusal(400, 'Неверный текущий пароль', { currentPassword: 'Неверный текущий пароль' }));
    show(PasswordForm);
    fill('wrong-pass-1', 'new-pass-22', 'new-pass-22');
    await press('Изменить пароль');
    expect(sent).toEqual([
      { call: 'auth.changePassword', body: { currentPassword: 'wrong-pass-1', password: 'new-pass-22' } },
    ]);
    expect(screen.getByText('Неверный текущий пароль')).toBeTruthy();
  });

  it('says other devices were signed out, and clears the fields', async () => {
    answer = async () => undefined;
    show(PasswordForm);
    fill('old-pass-1', 'new-pass-22', 'new-pass-22');
    await press('Изменить пароль');
    expect(screen.getAllByText(PASSWORD_CHANGED).length).toBeGreaterThan(0);
    expect(screen.getByLabelText<HTMLInputElement>('Текущий пароль', { exact: false }).value).toBe('');
  });
});

describe('subscriptions', () => {
  const STATE: ProfileSubscriptionsState = { email: false, sms: false, emailPending: false };

  it('saves a switch as it is flipped and says when the e-mail must be confirmed', async () => {
    answer = async (body) => ({ ...(body as object), emailPending: true });
    show(() => <SubscriptionsForm state={STATE} email="anna@example.ru" />);
    const email = screen.getByRole('switch', { name: 'Новости и акции по e-mail' });
    await act(async () => {
      fireEvent.click(email);
    });
    expect(sent).toEqual([{ call: 'profile.updateSubscriptions', body: { email: true, sms: false } }]);
    expect(screen.getByText(EMAIL_PENDING)).toBeTruthy();
    expect((email as HTMLInputElement).checked).toBe(true);
  });

  it('saves the SMS switch and keeps the e-mail choice', async () => {
    answer = async (body) => ({ ...(body as object), emailPending: false });
    show(() => <SubscriptionsForm state={{ ...STATE, email: true }} email="anna@example.ru" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('switch', { name: 'Новости и акции по SMS' }));
    });
    expect(sent).toEqual([{ call: 'profile.updateSubscriptions', body: { email: true, sms: true } }]);
    expect(screen.getByText(SUBSCRIPTIONS_SAVED)).toBeTruthy();
  });

  it("shows the server's message when the change is refused, and leaves the switch as it was", async () => {
    answer = () => Promise.reject(refusal(429, 'Слишком много запросов. Повторите через 30 с.'));
    show(() => <SubscriptionsForm state={STATE} email="anna@example.ru" />);
    const sms = screen.getByRole('switch', { name: 'Новости и акции по SMS' });
    await act(async () => {
      fireEvent.click(sms);
    });
    expect(screen.getByRole('alert').textContent).toBe('Слишком много запросов. Повторите через 30 с.');
    expect((sms as HTMLInputElement).checked).toBe(false);
  });
});
