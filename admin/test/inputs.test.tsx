// MoneyInput and JsonInput inside a real react-admin form.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, Form } from 'react-admin';
import { JsonInput, MoneyInput } from '../src/fields';
import { i18nProvider } from '../src/i18n';

afterEach(cleanup);

function renderForm(record: Record<string, unknown>, input: React.ReactNode) {
  const onSubmit = vi.fn();
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <Form record={record} onSubmit={onSubmit}>
        {input}
        <button type="submit">Сохранить</button>
      </Form>
    </AdminContext>,
  );
  return onSubmit;
}

describe('MoneyInput', () => {
  it('shows kopecks as rubles, lets the user type rubles and stores kopecks', async () => {
    const onSubmit = renderForm(
      { id: 1, basePrice: 129050 },
      <MoneyInput source="basePrice" resource="products" />,
    );
    const input = screen.getByRole<HTMLInputElement>('textbox');
    expect(input.value).toBe('1 290,50');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '1 290,5' } });
    expect(input.value).toBe('1 290,5');
    fireEvent.change(input, { target: { value: '990,5' } });
    expect(input.value).toBe('990,5');
    fireEvent.blur(input);
    expect(input.value).toBe('990,50');
    fireEvent.click(screen.getByText('Сохранить'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ basePrice: 99050 });
  });

  it('accepts only what the mask allows', () => {
    renderForm({ id: 1, basePrice: null }, <MoneyInput source="basePrice" resource="products" />);
    const input = screen.getByRole<HTMLInputElement>('textbox');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '12ab,345' } });
    expect(input.value).toBe('12,34');
  });
});

describe('JsonInput', () => {
  it('edits an object as JSON text and says at once when the text is broken', async () => {
    const onSubmit = renderForm(
      { id: 1, attributes: { curl: 'C' } },
      <JsonInput source="attributes" resource="products" />,
    );
    const input = screen.getByRole<HTMLTextAreaElement>('textbox');
    expect(JSON.parse(input.value)).toEqual({ curl: 'C' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '{"curl": "D",' } });
    expect(screen.getByText(/Некорректный JSON/)).toBeTruthy();
    fireEvent.change(input, { target: { value: '{"curl": "D"}' } });
    expect(screen.queryByText(/Некорректный JSON/)).toBeNull();
    fireEvent.blur(input);
    fireEvent.click(screen.getByText('Сохранить'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ attributes: { curl: 'D' } });
  });
});
