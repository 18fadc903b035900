// The city field: plain text in the server's HTML, then a combobox that asks for suggestions after a pause,
// drops a stale answer, and is driven by the keyboard (↓ ↑ Enter Escape) and by a tap.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CITY_NOTHING_FOUND, CITY_SUGGEST_DELAY_MS, CityPicker } from './CityPicker';
import type { DeliveryCity } from './delivery-types';

const city = (name: string, region: string | null = null): DeliveryCity => ({
  city: name,
  region,
  postalCode: null,
});
const MOSCOW = city('Москва', 'Москва');
const KAZAN = city('Казань', 'Республика Татарстан');
const KALUGA = city('Калуга', 'Калужская область');
const KALININGRAD = city('Калининград', 'Калининградская область');

/** A promise the test settles when it wants to. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function renderPicker(
  suggest: (query: string) => Promise<DeliveryCity[]>,
  value: DeliveryCity | null = null,
) {
  const onChoose = vi.fn();
  render(<CityPicker value={value} suggest={suggest} onChoose={onChoose} />);
  const input = screen.getByRole<HTMLInputElement>('combobox', { name: /Город доставки/ });
  act(() => input.focus());
  return { input, onChoose };
}

const type = (input: HTMLInputElement, text: string) => fireEvent.change(input, { target: { value: text } });
const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('CityPicker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('is a plain text field named deliveryCity with the chosen city in the server HTML', () => {
    const html = renderToString(<CityPicker value={KAZAN} suggest={vi.fn()} onChoose={vi.fn()} />);
    const page = document.createElement('div');
    page.innerHTML = html;
    const input = page.querySelector('input')!;
    expect(input.name).toBe('deliveryCity');
    expect(input.type).toBe('text');
    expect(input.value).toBe('Казань');
    expect(input.getAttribute('role')).toBeNull();
    expect(page.querySelector('[role="listbox"]')).toBeNull();
    expect(page.querySelector('label')!.textContent).toContain('Город доставки');

    const named = renderToString(
      <CityPicker value={null} suggest={vi.fn()} onChoose={vi.fn()} name="city" />,
    );
    expect(named).toMatch(/name="city"/);
  });

  it('asks after a pause of typing, from two letters on, once for the last text', async () => {
    const suggest = vi.fn(() => Promise.resolve([KAZAN]));
    const { input } = renderPicker(suggest);
    type(input, 'к');
    await pass(CITY_SUGGEST_DELAY_MS * 2);
    expect(suggest).not.toHaveBeenCalled();
    type(input, 'ка');
    await pass(CITY_SUGGEST_DELAY_MS / 2);
    type(input, 'каз');
    await pass(CITY_SUGGEST_DELAY_MS - 1);
    expect(suggest).not.toHaveBeenCalled();
    await pass(1);
    expect(suggest).toHaveBeenCalledExactlyOnceWith('каз');
  });

  it('goes through the suggestions with the arrows and chooses with Enter, the form not sent', async () => {
    const { input, onChoose } = renderPicker(() => Promise.resolve([KALUGA, KALININGRAD, KAZAN]));
    type(input, 'ка');
    await pass(CITY_SUGGEST_DELAY_MS);

    expect(input.getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    // Each suggestion is the city with its region in a quieter line.
    expect(optionNames()).toEqual([
      'КалугаКалужская область',
      'КалининградКалининградская область',
      'КазаньРеспублика Татарстан',
    ]);
    expect(listbox.querySelector('.city-picker__region')!.textContent).toBe('Калужская область');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();

    const options = screen.getAllByRole('option');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    expect(options[0]!.getAttribute('aria-selected')).toBe('false');

    const sent = fireEvent.keyDown(input, { key: 'Enter' });
    expect(sent).toBe(false);
    expect(onChoose).toHaveBeenCalledExactlyOnceWith(KALININGRAD);
    expect(input.value).toBe('Калининград');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(listbox.hidden).toBe(true);
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
  });

  it('closes with Escape, opens again with ↓, and puts back the chosen city on a second Escape', async () => {
    const { input, onChoose } = renderPicker(() => Promise.resolve([KALUGA, KAZAN]), MOSCOW);
    expect(input.value).toBe('Москва');
    type(input, 'ка');
    await pass(CITY_SUGGEST_DELAY_MS);
    expect(input.getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('ка');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]!.id);

    fireEvent.keyDown(input, { key: 'Escape' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('Москва');
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('chooses a city with a tap, keeping the focus in the field', async () => {
    const { input, onChoose } = renderPicker(() => Promise.resolve([KALUGA, KAZAN]));
    type(input, 'ка');
    await pass(CITY_SUGGEST_DELAY_MS);
    const kazan = screen.getAllByRole('option')[1]!;
    // The press must not take the focus away (a blur would close the list before the click lands).
    expect(fireEvent.mouseDown(kazan)).toBe(false);
    fireEvent.click(kazan);
    expect(onChoose).toHaveBeenCalledExactlyOnceWith(KAZAN);
    expect(input.value).toBe('Казань');
  });

  it('on leaving, chooses the one city named as typed, or puts back the chosen city', async () => {
    const { input, onChoose } = renderPicker(
      () => Promise.resolve([KAZAN, city('Казанская', 'Ростовская область')]),
      MOSCOW,
    );
    type(input, 'казань');
    await pass(CITY_SUGGEST_DELAY_MS);
    fireEvent.blur(input);
    expect(onChoose).toHaveBeenCalledExactlyOnceWith(KAZAN);
    expect(input.value).toBe('Казань');

    onChoose.mockClear();
    type(input, 'каз');
    await pass(CITY_SUGGEST_DELAY_MS);
    fireEvent.blur(input);
    // A half-typed name is no city: the field shows the city chosen before (the parent kept Москва).
    expect(onChoose).not.toHaveBeenCalled();
    expect(input.value).toBe('Москва');
  });

  it('never lets an older answer replace a newer one', async () => {
    const answers = new Map<string, ReturnType<typeof deferred<DeliveryCity[]>>>();
    const suggest = vi.fn((query: string) => {
      const answer = deferred<DeliveryCity[]>();
      answers.set(query, answer);
      return answer.promise;
    });
    const { input } = renderPicker(suggest);
    type(input, 'мо');
    await pass(CITY_SUGGEST_DELAY_MS);
    type(input, 'моск');
    await pass(CITY_SUGGEST_DELAY_MS);
    expect(suggest.mock.calls.map(([query]) => query)).toEqual(['мо', 'моск']);

    await act(async () => answers.get('моск')!.resolve([MOSCOW]));
    expect(optionNames()).toEqual(['МоскваМосква']);
    // The slow answer for «мо» arrives last and is dropped.
    await act(async () => answers.get('мо')!.resolve([city('Мончегорск'), city('Можайск')]));
    expect(optionNames()).toEqual(['МоскваМосква']);
  });

  it('says when nothing is found', async () => {
    const { input } = renderPicker(() => Promise.resolve([]));
    type(input, 'Бобруйсквиль');
    await pass(CITY_SUGGEST_DELAY_MS);
    expect(screen.getByRole('status').textContent).toBe(CITY_NOTHING_FOUND);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('shows the error under the field, tied to it', () => {
    render(<CityPicker value={null} suggest={vi.fn()} onChoose={vi.fn()} error="Укажите город" />);
    const input = screen.getByRole('combobox');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain('Укажите город');
  });
});
