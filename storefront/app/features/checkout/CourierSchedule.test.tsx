// The courier's day and time: chips that are radios of the form, with their messages.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CourierSchedule } from './CourierSchedule';

const DAYS = [
  { date: '2026-12-04', label: 'пт, 4 декабря' },
  { date: '2026-12-05', label: 'сб, 5 декабря' },
];
const SLOTS = ['10:00–14:00', '14:00–18:00'];

describe('CourierSchedule', () => {
  afterEach(cleanup);

  it('posts the day as deliveryDate (YYYY-MM-DD) and the time as deliveryTimeSlot; a tap calls back', () => {
    const onDate = vi.fn();
    const onSlot = vi.fn();
    render(
      <CourierSchedule
        days={DAYS}
        slots={SLOTS}
        date="2026-12-05"
        slot={null}
        onDate={onDate}
        onSlot={onSlot}
      />,
    );
    const day = screen.getByRole<HTMLInputElement>('radio', { name: 'сб, 5 декабря' });
    expect([day.name, day.value, day.checked]).toEqual(['deliveryDate', '2026-12-05', true]);
    const slot = screen.getByRole<HTMLInputElement>('radio', { name: '14:00–18:00' });
    expect([slot.name, slot.value, slot.checked]).toEqual(['deliveryTimeSlot', '14:00–18:00', false]);

    fireEvent.click(screen.getByRole('radio', { name: 'пт, 4 декабря' }));
    expect(onDate).toHaveBeenCalledExactlyOnceWith('2026-12-04');
    fireEvent.click(slot);
    expect(onSlot).toHaveBeenCalledExactlyOnceWith('14:00–18:00');
  });

  it('shows each message in its group, tied to it', () => {
    render(
      <CourierSchedule
        days={DAYS}
        slots={SLOTS}
        date={null}
        slot={null}
        onDate={vi.fn()}
        onSlot={vi.fn()}
        errors={{ date: 'Выберите день', slot: 'Выберите время' }}
      />,
    );
    const day = screen.getByRole('group', { name: 'День доставки' });
    expect(day.id).toBe('deliveryDate');
    expect(document.getElementById(day.getAttribute('aria-describedby')!)!.textContent).toBe('Выберите день');
    const time = screen.getByRole('group', { name: 'Время доставки' });
    expect(document.getElementById(time.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Выберите время',
    );
  });
});
