// Fields that show a stored value as people read it.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RecordContextProvider } from 'react-admin';
import { LabelledTextField } from '../src/fields';

const choices = [{ id: 'payment.canceled', name: 'Платёж отменён' }];

function show(event: string) {
  render(
    <RecordContextProvider value={{ id: 1, event }}>
      <LabelledTextField source="event" choices={choices} />
    </RecordContextProvider>,
  );
}

describe('LabelledTextField', () => {
  afterEach(cleanup);

  it('shows a known value by its label, not its code', () => {
    show('payment.canceled');
    expect(screen.getByText('Платёж отменён')).toBeTruthy();
    expect(screen.queryByText('payment.canceled')).toBeNull();
  });

  it('shows a value it has no label for as stored', () => {
    show('deal.closed');
    expect(screen.getByText('deal.closed')).toBeTruthy();
  });
});
