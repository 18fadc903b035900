import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, ToastProvider, useToast, type ToastApi } from './Toast';

let api: ToastApi;
function Grab() {
  api = useToast();
  return null;
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Grab />
      </ToastProvider>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('are announced politely and close by themselves after 3000 ms', () => {
    expect(TOAST_DURATION_MS).toBe(3000);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    act(() => void api.show('Звонок успешно заказан!', { kind: 'success' }));
    expect(region.textContent).toContain('Звонок успешно заказан!');
    act(() => void vi.advanceTimersByTime(2999));
    expect(screen.queryByText('Звонок успешно заказан!')).not.toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByText('Звонок успешно заказан!')).toBeNull();
  });

  it('wait while the pointer is on them, and close with their button', () => {
    act(() => void api.show('Ваше сообщение успешно отправлено!'));
    const text = screen.getByText('Ваше сообщение успешно отправлено!');
    fireEvent.mouseEnter(text.parentElement!);
    act(() => void vi.advanceTimersByTime(10_000));
    expect(screen.queryByText('Ваше сообщение успешно отправлено!')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть уведомление' }));
    expect(screen.queryByText('Ваше сообщение успешно отправлено!')).toBeNull();
  });

  it('can stay until used, with an action button', () => {
    const onClick = vi.fn();
    act(
      () =>
        void api.show('Доступна новая версия сайта', {
          duration: null,
          action: { label: 'Обновить', onClick },
        }),
    );
    act(() => void vi.advanceTimersByTime(60_000));
    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.queryByText('Доступна новая версия сайта')).toBeNull();
  });

  it('keep their own countdown when another toast arrives', () => {
    act(() => void api.show('Первое'));
    act(() => void vi.advanceTimersByTime(2000));
    act(() => void api.show('Второе'));
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Первое')).toBeNull();
    expect(screen.queryByText('Второе')).not.toBeNull();
  });
});
