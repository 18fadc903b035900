import type { Captcha } from '@shop/schemas';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as BrowserApi from '../../lib/browser-api';
import { ToastProvider } from '../../ui/Toast';
import { CALLBACK_SENT, CallbackDialog } from './CallbackDialog';
import { MESSAGE_SENT, MessageDialog } from './MessageDialog';
import { MESSAGE_ERROR, NAME_ERROR, PHONE_ERROR } from './rules';
import { dialogsLikeABrowser, apiRefusal } from '../../test-kit';

const generate = vi.fn<() => Promise<Captcha>>();
const call = vi.fn();
const write = vi.fn();
const api = { captcha: { generate }, feedback: { call, write } };
// The page's calls go to the mock; the error helpers are the real ones (they read the loaded client).
vi.mock('../../lib/browser-api', async (importOriginal) => {
  const real = await importOriginal<typeof BrowserApi>();
  await real.loadApiClient();
  return { ...real, useApi: () => api };
});

// jsdom has <dialog> but not its methods.
beforeAll(dialogsLikeABrowser);

let serial = 0;
const picture = (): Captcha => {
  serial += 1;
  return { id: `c${serial}`, image: { url: `data:image/svg+xml;base64,${serial}` } };
};

const refusal = apiRefusal;

type Which = typeof CallbackDialog | typeof MessageDialog;
let closes = 0;

function Harness({ Dialog }: { Dialog: Which }) {
  const [open, setOpen] = useState(false);
  return (
    <ToastProvider>
      <button type="button" onClick={() => setOpen(true)}>
        Открыть
      </button>
      <Dialog
        open={open}
        onClose={() => {
          closes += 1;
          setOpen(false);
        }}
      />
    </ToastProvider>
  );
}

function renderDialog(Dialog: Which) {
  const Stub = createRoutesStub([{ path: '/', Component: () => <Harness Dialog={Dialog} /> }]);
  render(<Stub initialEntries={['/']} />);
}

async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function open() {
  fireEvent.click(screen.getByRole('button', { name: 'Открыть' }));
  await wait(500);
}

const field = (name: string | RegExp) => screen.getByLabelText<HTMLInputElement>(name);
const type = (name: string | RegExp, value: string) => fireEvent.change(field(name), { target: { value } });
const captchaImage = () => screen.queryByRole<HTMLImageElement>('img', { name: 'Картинка с надписью' });
const submitButton = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('the captcha of a dialog (spec §4, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    serial = 0;
    generate.mockReset().mockImplementation(async () => picture());
    closes = 0;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('is fetched 500 ms after opening, shown 200 px wide, with a skeleton meanwhile', async () => {
    renderDialog(CallbackDialog);
    fireEvent.click(screen.getByRole('button', { name: 'Открыть' }));
    await wait(499);
    expect(generate).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: 'Картинка загружается' })).toBeTruthy();
    await wait(1);
    expect(generate).toHaveBeenCalledOnce();
    const image = captchaImage()!;
    expect(image.getAttribute('src')).toBe('data:image/svg+xml;base64,1');
    expect(image.getAttribute('width')).toBe('200');
    expect(field('Надпись с капчи *')).toBeTruthy();
  });

  it('is dropped on close, and a dialog closed within 500 ms asks for none', async () => {
    renderDialog(CallbackDialog);
    await open();
    expect(captchaImage()).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(closes).toBe(1);
    expect(captchaImage()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Открыть' }));
    await wait(300);
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    await wait(1000);
    expect(generate).toHaveBeenCalledOnce();
  });

  it('changes at the refresh icon', async () => {
    renderDialog(CallbackDialog);
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Обновить картинку' }));
    await wait(0);
    expect(generate).toHaveBeenCalledTimes(2);
    expect(captchaImage()!.getAttribute('src')).toBe('data:image/svg+xml;base64,2');
  });
});

describe('«Заказать звонок»', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    serial = 0;
    generate.mockReset().mockImplementation(async () => picture());
    call.mockReset().mockResolvedValue({ id: 1 });
    closes = 0;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('enables the button only when name, phone and the captcha answer are filled', async () => {
    renderDialog(CallbackDialog);
    await open();
    const button = submitButton('Заказать звонок');
    expect(button.disabled).toBe(true);
    type('Имя *', 'Анна');
    type('Телефон *', '89991234567');
    expect(button.disabled).toBe(true);
    type('Надпись с капчи *', 'AB3C');
    expect(button.disabled).toBe(false);
    type('Имя *', '   ');
    expect(button.disabled).toBe(true);
  });

  it('refuses a name or phone outside 3–20 characters and sends nothing', async () => {
    renderDialog(CallbackDialog);
    await open();
    type('Имя *', 'Ан');
    type('Телефон *', '1'.repeat(21));
    type('Надпись с капчи *', 'AB3C');
    fireEvent.click(submitButton('Заказать звонок'));
    await wait(0);
    expect(call).not.toHaveBeenCalled();
    expect(screen.getByText(NAME_ERROR)).toBeTruthy();
    expect(screen.getByText(PHONE_ERROR)).toBeTruthy();
    expect(field('Имя *').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Имя *'));
  });

  it('sends, shows the toast, clears the form and closes', async () => {
    renderDialog(CallbackDialog);
    await open();
    type('Имя *', ' Анна ');
    type('Телефон *', '+7 999 123-45-67');
    type('Надпись с капчи *', ' ab3c ');
    fireEvent.click(submitButton('Заказать звонок'));
    await wait(0);
    expect(call).toHaveBeenCalledWith({
      name: 'Анна',
      phone: '+7 999 123-45-67',
      captchaId: 'c1',
      captchaPhrase: 'ab3c',
    });
    expect(screen.getByText(CALLBACK_SENT)).toBeTruthy();
    expect(closes).toBe(1);
    await open();
    expect(field('Имя *').value).toBe('');
    expect(field('Телефон *').value).toBe('');
    await wait(3000);
    expect(screen.queryByText(CALLBACK_SENT)).toBeNull();
  });

  it('after a wrong captcha shows the server message, fetches a new picture and keeps the fields', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'Неверная надпись с капчи. Введите новую';
    call.mockRejectedValueOnce(refusal(400, message, { captchaPhrase: message }));
    renderDialog(CallbackDialog);
    await open();
    type('Имя *', 'Анна');
    type('Телефон *', '89991234567');
    type('Надпись с капчи *', 'WRONG');
    fireEvent.click(submitButton('Заказать звонок'));
    await wait(0);
    expect(logged).toHaveBeenCalled();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(field('Надпись с капчи *').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Надпись с капчи *'));
    expect(generate).toHaveBeenCalledTimes(2);
    expect(captchaImage()!.getAttribute('src')).toBe('data:image/svg+xml;base64,2');
    expect(field('Надпись с капчи *').value).toBe('');
    expect(field('Имя *').value).toBe('Анна');
    expect(field('Телефон *').value).toBe('89991234567');
    expect(closes).toBe(0);
  });

  it('keeps the picture and the answer when the server refuses a field or the rate', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    call
      .mockRejectedValueOnce(refusal(400, 'Проверьте данные', { phone: 'Не короче 3 символов' }))
      .mockRejectedValueOnce(refusal(429, 'Слишком много запросов. Повторите через 60 с.'));
    renderDialog(CallbackDialog);
    await open();
    type('Имя *', 'Анна');
    type('Телефон *', '899');
    type('Надпись с капчи *', 'AB3C');
    fireEvent.click(submitButton('Заказать звонок'));
    await wait(0);
    expect(screen.getByText('Не короче 3 символов')).toBeTruthy();
    fireEvent.click(submitButton('Заказать звонок'));
    await wait(0);
    expect(screen.getByRole('alert').textContent).toBe('Слишком много запросов. Повторите через 60 с.');
    expect(generate).toHaveBeenCalledOnce();
    expect(field('Надпись с капчи *').value).toBe('AB3C');
  });
});

describe('«Написать нам»', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    serial = 0;
    generate.mockReset().mockImplementation(async () => picture());
    write.mockReset().mockResolvedValue({ id: 2 });
    closes = 0;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  async function fill(message: string) {
    type('Имя *', 'Анна');
    type('E-mail *', 'anna@example.ru');
    type('Телефон *', '+7 (999) 123-45-67');
    type('Сообщение *', message);
    type('Надпись с капчи *', 'AB3C');
  }

  it('needs name, e-mail, phone and the answer; the phone is a numeric field of digits', async () => {
    renderDialog(MessageDialog);
    await open();
    const button = submitButton('Отправить');
    const phone = field('Телефон *');
    expect(phone.getAttribute('inputmode')).toBe('numeric');
    await fill('');
    expect(phone.value).toBe('79991234567');
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-describedby')).toBeNull();
    for (const label of ['Имя *', 'E-mail *', 'Телефон *', 'Надпись с капчи *']) {
      const before = field(label).value;
      type(label, '');
      expect(button.disabled, label).toBe(true);
      // The disabled button says why, and its description is that sentence.
      const why = document.getElementById(button.getAttribute('aria-describedby') ?? '');
      expect(why?.textContent, label).toMatch(/^Чтобы отправить, заполните /);
      type(label, before);
    }
    type('Имя *', '');
    type('Надпись с капчи *', '');
    expect(screen.getByText('Чтобы отправить, заполните имя и символы с картинки')).toBeTruthy();
  });

  it('refuses a name outside 3–20 and a message outside 3–500 characters, with a counter', async () => {
    renderDialog(MessageDialog);
    await open();
    await fill('Ок');
    type('Имя *', 'А'.repeat(21));
    fireEvent.click(submitButton('Отправить'));
    await wait(0);
    expect(write).not.toHaveBeenCalled();
    expect(screen.getByText(NAME_ERROR)).toBeTruthy();
    expect(screen.getByText(MESSAGE_ERROR)).toBeTruthy();
    type('Имя *', 'Анна');
    expect(screen.queryByText(NAME_ERROR)).toBeNull();
    type('Сообщение *', 'я'.repeat(501));
    expect(screen.getByText('501 из 500 символов')).toBeTruthy();
    fireEvent.click(submitButton('Отправить'));
    await wait(0);
    expect(write).not.toHaveBeenCalled();
    expect(screen.getByText(MESSAGE_ERROR)).toBeTruthy();
  });

  it('sends the name, e-mail and phone joined with "+", then the toast, cleared and closed', async () => {
    renderDialog(MessageDialog);
    await open();
    await fill('Есть ли клей в наличии?');
    expect(screen.getByText('23 из 500 символов')).toBeTruthy();
    fireEvent.click(submitButton('Отправить'));
    await wait(0);
    expect(write).toHaveBeenCalledWith({
      name: 'Анна+anna@example.ru+79991234567',
      message: 'Есть ли клей в наличии?',
      captchaId: 'c1',
      captchaPhrase: 'AB3C',
    });
    expect(screen.getByText(MESSAGE_SENT)).toBeTruthy();
    expect(closes).toBe(1);
    await open();
    expect(field('Сообщение *').value).toBe('');
    expect(field('E-mail *').value).toBe('');
  });
});
