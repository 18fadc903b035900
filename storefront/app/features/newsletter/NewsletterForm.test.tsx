import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as BrowserApi from '../../lib/browser-api';
import { NewsletterForm, SUBSCRIBE_SENT } from './NewsletterForm';
import { apiRefusal } from '../../test-kit';

// A plain function rather than vi.fn(): vitest fails a test whose vi.fn() returned a rejected promise,
// even one the component caught.
let answer: () => Promise<unknown>;
const sent: unknown[] = [];
const api = {
  newsletter: {
    subscribe: (body: unknown) => {
      sent.push(body);
      return answer();
    },
  },
};
// The page's calls go to the mock; the error helpers are the real ones (they read the loaded client).
vi.mock('../../lib/browser-api', async (importOriginal) => {
  const real = await importOriginal<typeof BrowserApi>();
  await real.loadApiClient();
  return { ...real, useApi: () => api };
});

const refusal = (message: string, fields?: Record<string, string>) =>
  apiRefusal(400, message, fields, 'validation');

function renderForm() {
  const Stub = createRoutesStub([{ path: '/', Component: NewsletterForm }]);
  render(<Stub initialEntries={['/']} />);
  return screen.getByLabelText<HTMLInputElement>('E-mail для рассылки');
}

async function press() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Подписаться' }));
  });
}

describe('the footer newsletter box', () => {
  beforeEach(() => {
    sent.length = 0;
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('subscribes and asks to confirm by e-mail', async () => {
    answer = async () => ({ status: 'pending' });
    const input = renderForm();
    fireEvent.change(input, { target: { value: ' anna@example.ru ' } });
    await press();
    expect(sent).toEqual([{ email: 'anna@example.ru' }]);
    expect(screen.getByRole('status').textContent).toBe(SUBSCRIBE_SENT);
    expect(input.value).toBe('');
    expect(screen.getByRole('link', { name: 'обработкой персональных данных' }).getAttribute('href')).toBe(
      '/company/consent',
    );
  });

  it('leaves the check to the server and shows its message, keeping the address', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refused = refusal('Проверьте данные', { email: 'Введите корректный e-mail' });
    answer = () => Promise.reject(refused);
    const input = renderForm();
    fireEvent.change(input, { target: { value: 'не адрес' } });
    await press();
    expect(sent).toEqual([{ email: 'не адрес' }]);
    expect(screen.getByRole('alert').textContent).toBe('Введите корректный e-mail');
    expect(input.value).toBe('не адрес');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
