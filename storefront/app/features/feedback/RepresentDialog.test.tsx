import type { Captcha } from '@shop/schemas';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as BrowserApi from '../../lib/browser-api';
import { loadMasks } from '../../ui/MaskedInput';
import { ToastProvider } from '../../ui/Toast';
import { REPRESENT_SENT, RepresentDialog } from './RepresentDialog';
import { CITY_ERROR, EMAIL_ERROR, EXPERIENCE_ERROR, NAME_ERROR, REPRESENT_PHONE_ERROR } from './rules';
import { dialogsLikeABrowser, apiRefusal } from '../../test-kit';

const generate = vi.fn<() => Promise<Captcha>>();
const represent = vi.fn();
const api = { captcha: { generate }, feedback: { represent } };
vi.mock('../../lib/browser-api', async (importOriginal) => {
  const real = await importOriginal<typeof BrowserApi>();
  await real.loadApiClient();
  return { ...real, useApi: () => api };
});

// jsdom has <dialog> but not its methods: open and close as the browser does, with the close event.
// The phone field masks what is typed once imask has loaded, as a browser has it after the first such field.
beforeAll(async () => {
  await loadMasks();
});

// jsdom has <dialog> but not its methods.
beforeAll(dialogsLikeABrowser);

let serial = 0;
const picture = (): Captcha => {
  serial += 1;
  return { id: `c${serial}`, image: { url: `data:image/svg+xml;base64,${serial}` } };
};

const refusal = apiRefusal;

let closes = 0;
function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <ToastProvider>
      <button type="button" onClick={() => setOpen(true)}>
        Открыть
      </button>
      <RepresentDialog
        open={open}
        onClose={() => {
          closes += 1;
          setOpen(false);
        }}
      />
    </ToastProvider>
  );
}

async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function open() {
  const Stub = createRoutesStub([{ path: '/', Component: Harness }]);
  render(<Stub initialEntries={['/']} />);
  fireEvent.click(screen.getByRole('button', { name: 'Открыть' }));
  await wait(500);
}

const field = (name: string) => screen.getByLabelText<HTMLInputElement>(name);
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
/** The phone field has a mask: typed one key at a time, as a browser reports it. */
function typePhone(text: string) {
  const input = field('Телефон *');
  for (const ch of text)
    act(() => {
      const next = input.value + ch;
      input.value = next;
      input.setSelectionRange(next.length, next.length);
      fireEvent.input(input);
    });
}
const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Отправить заявку' });

function fillAll() {
  type('Имя *', ' Анна ');
  type('Город *', ' Казань ');
  typePhone('9123456789');
  type('E-mail *', ' anna@studio.ru ');
  type('Опыт работы *', ' Мастер 3 года, своя студия ');
  type('Надпись с капчи *', ' ab3c ');
}

describe('«Стать представителем»', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    serial = 0;
    closes = 0;
    generate.mockReset().mockImplementation(async () => picture());
    represent.mockReset().mockResolvedValue({ id: 1 });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('has name, city, phone, e-mail, experience, the captcha and the consent; the button waits for all', async () => {
    await open();
    expect(screen.getByRole('heading', { name: 'Стать представителем' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'обработкой персональных данных' })).toBeTruthy();
    expect(field('Телефон *').getAttribute('placeholder')).toBe('+7 (___) ___-__-__');
    expect(submit().disabled).toBe(true);
    fillAll();
    expect(submit().disabled).toBe(false);
    type('Опыт работы *', '   ');
    expect(submit().disabled).toBe(true);
  });

  it('refuses bad fields in Russian under each one and sends nothing', async () => {
    await open();
    type('Имя *', 'Ан');
    type('Город *', 'К');
    typePhone('912');
    type('E-mail *', 'anna.studio');
    type('Опыт работы *', 'да');
    type('Надпись с капчи *', 'AB3C');
    fireEvent.click(submit());
    await wait(0);
    expect(represent).not.toHaveBeenCalled();
    for (const message of [NAME_ERROR, CITY_ERROR, REPRESENT_PHONE_ERROR, EMAIL_ERROR, EXPERIENCE_ERROR])
      expect(screen.getByText(message)).toBeTruthy();
    expect(document.activeElement).toBe(field('Имя *'));
  });

  it('sends the trimmed application with the phone as +7…, shows the success message and closes', async () => {
    await open();
    fillAll();
    expect(field('Телефон *').value).toBe('+7 (912) 345-67-89');
    fireEvent.click(submit());
    await wait(0);
    expect(represent).toHaveBeenCalledWith({
      name: 'Анна',
      city: 'Казань',
      phone: '+79123456789',
      email: 'anna@studio.ru',
      experience: 'Мастер 3 года, своя студия',
      captchaId: 'c1',
      captchaPhrase: 'ab3c',
    });
    expect(screen.getByText(REPRESENT_SENT)).toBeTruthy();
    expect(closes).toBe(1);
  });

  it('shows the server’s message for a wrong captcha, asks for a new picture and keeps the fields', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'Неверная надпись с капчи. Введите новую';
    represent.mockRejectedValueOnce(refusal(400, message, { captchaPhrase: message }));
    await open();
    fillAll();
    fireEvent.click(submit());
    await wait(0);
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(generate).toHaveBeenCalledTimes(2);
    expect(field('Город *').value).toBe(' Казань ');
    expect(closes).toBe(0);
  });
});
