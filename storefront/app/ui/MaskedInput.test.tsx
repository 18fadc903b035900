import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DATE_MASK,
  MaskedInput,
  PHONE_MASK,
  dateFromMasked,
  dateToMasked,
  digitsMask,
  phoneFromMasked,
  phoneToMasked,
} from './MaskedInput';

let reported: { value: string; complete: boolean }[] = [];

function Harness({ mask, initial }: { mask: typeof PHONE_MASK; initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="f">Поле</label>
      <MaskedInput
        id="f"
        mask={mask}
        value={value}
        onValueChange={(v, state) => {
          reported.push({ value: v, complete: state.complete });
          setValue(v);
        }}
      />
      <output data-testid="state">{value}</output>
    </>
  );
}

/** Types text at the end of the field the way a browser reports it: the new value, then an input event. */
function type(input: HTMLInputElement, text: string) {
  for (const ch of text) {
    act(() => {
      const next = input.value + ch;
      input.value = next;
      input.setSelectionRange(next.length, next.length);
      fireEvent.input(input);
    });
  }
}

function paste(input: HTMLInputElement, text: string) {
  act(() => {
    input.value = text;
    input.setSelectionRange(text.length, text.length);
    fireEvent.input(input);
  });
}

/** The field, once its mask has arrived (imask loads with the first field). */
async function field(mask: typeof PHONE_MASK, initial = '') {
  render(<Harness mask={mask} initial={initial} />);
  const input = screen.getByLabelText<HTMLInputElement>('Поле');
  await waitFor(() => expect(input.hasAttribute('data-masked')).toBe(true));
  return input;
}

// First in the file: imask has not been loaded yet (a field loads it once; later fields attach at once).
describe('MaskedInput before imask has arrived', () => {
  afterEach(() => {
    cleanup();
    reported = [];
  });

  it('masks what was typed before the mask arrived, and reports it', async () => {
    render(<Harness mask={PHONE_MASK} initial="" />);
    const input = screen.getByLabelText<HTMLInputElement>('Поле');
    paste(input, '89161234501');
    await waitFor(() => expect(input.value).toBe('+7 (916) 123-45-01'));
    expect(screen.getByTestId('state').textContent).toBe('+7 (916) 123-45-01');
    expect(reported.at(-1)).toEqual({ value: '+7 (916) 123-45-01', complete: true });
  });
});

describe('MaskedInput', () => {
  afterEach(() => {
    cleanup();
    reported = [];
  });

  it('writes a phone as +7 (000) 000-00-00 while digits are typed, and ignores letters', async () => {
    const input = await field(PHONE_MASK);
    type(input, '9a16б1234501');
    expect(input.value).toBe('+7 (916) 123-45-01');
    expect(screen.getByTestId('state').textContent).toBe('+7 (916) 123-45-01');
    expect(reported.at(-1)).toEqual({ value: '+7 (916) 123-45-01', complete: true });
    type(input, '9');
    expect(input.value).toBe('+7 (916) 123-45-01');
  });

  it('takes a pasted number with 8 or +7 in front without shifting the digits', async () => {
    const input = await field(PHONE_MASK);
    paste(input, '8 916 123-45-01');
    expect(input.value).toBe('+7 (916) 123-45-01');
    cleanup();
    const again = await field(PHONE_MASK);
    paste(again, '+79261234502');
    expect(again.value).toBe('+7 (926) 123-45-02');
  });

  it('reports an unfinished phone as incomplete', async () => {
    const input = await field(PHONE_MASK);
    type(input, '91612');
    expect(input.value).toBe('+7 (916) 12');
    expect(reported.at(-1)?.complete).toBe(false);
  });

  it('shows the value it was given before and after the mask attaches', async () => {
    const input = await field(PHONE_MASK, '+7 (903) 123-45-03');
    expect(input.value).toBe('+7 (903) 123-45-03');
  });

  it('writes a date as dd.mm.yyyy', async () => {
    const input = await field(DATE_MASK);
    type(input, '17051990');
    expect(input.value).toBe('17.05.1990');
    expect(reported.at(-1)).toEqual({ value: '17.05.1990', complete: true });
  });

  it('refuses a day above 31, a month above 12 and a year before 1900', async () => {
    const day = await field(DATE_MASK);
    type(day, '32');
    expect(day.value).toBe('3');
    cleanup();
    const month = await field(DATE_MASK);
    type(month, '0113');
    expect(month.value).toBe('01.1');
    cleanup();
    const year = await field(DATE_MASK);
    type(year, '01011899');
    // 18… can never reach 1900: the 8 is refused and the following nines make 199…
    expect(year.value).toBe('01.01.199');
  });

  it('refuses a date that does not exist (31 February, 29 February of a common year)', async () => {
    const input = await field(DATE_MASK);
    type(input, '31022000');
    expect(input.value).toBe('31.02.200');
    cleanup();
    const leap = await field(DATE_MASK);
    type(leap, '29022001');
    expect(leap.value).toBe('29.02.200');
    cleanup();
    const ok = await field(DATE_MASK);
    type(ok, '29022000');
    expect(ok.value).toBe('29.02.2000');
  });

  it('undoes and redoes typing with Ctrl+Z and Ctrl+Shift+Z (the mask keeps the history)', async () => {
    const input = await field(DATE_MASK);
    type(input, '170519');
    expect(input.value).toBe('17.05.19');
    act(() => {
      fireEvent.keyDown(input, { key: 'z', keyCode: 90, ctrlKey: true });
    });
    expect(input.value).toBe('17.05.1');
    expect(screen.getByTestId('state').textContent).toBe('17.05.1');
    act(() => {
      fireEvent.keyDown(input, { key: 'z', keyCode: 90, ctrlKey: true, shiftKey: true });
    });
    expect(input.value).toBe('17.05.19');
  });

  it('keeps only digits, up to the length, in a number field', async () => {
    const input = await field(digitsMask(10));
    type(input, '77a0412345678');
    expect(input.value).toBe('7704123456');
  });
});

describe('mask conversions', () => {
  it('turns the API phone into the masked text and back', async () => {
    expect(phoneToMasked('+79161234501')).toBe('+7 (916) 123-45-01');
    expect(phoneToMasked('+7 (916) 123-45-01')).toBe('+7 (916) 123-45-01');
    expect(phoneToMasked('+7916123')).toBe('+7916123');
    expect(phoneToMasked(null)).toBe('');
    expect(phoneFromMasked('+7 (916) 123-45-01')).toBe('+79161234501');
    expect(phoneFromMasked('+7 (916) 123-45')).toBeNull();
  });

  it('turns the API date into dd.mm.yyyy and back, refusing dates that do not exist', async () => {
    expect(dateToMasked('1990-05-17')).toBe('17.05.1990');
    expect(dateToMasked(null)).toBe('');
    expect(dateFromMasked('17.05.1990')).toBe('1990-05-17');
    expect(dateFromMasked('17.05.199')).toBeNull();
    expect(dateFromMasked('31.04.1990')).toBeNull();
    expect(dateFromMasked('29.02.2001')).toBeNull();
    expect(dateFromMasked('29.02.2000')).toBe('2000-02-29');
    expect(dateFromMasked('01.01.1899')).toBeNull();
    expect(dateFromMasked('00.01.1990')).toBeNull();
  });
});
