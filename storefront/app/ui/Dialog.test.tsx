import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Dialog } from './Dialog';
import { dialogsLikeABrowser } from '../test-kit';

// jsdom has <dialog> but not its methods.
beforeAll(dialogsLikeABrowser);

let closes = 0;
function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Заказать звонок
      </button>
      <Dialog
        open={open}
        title="Заказать звонок"
        onClose={() => {
          closes += 1;
          setOpen(false);
        }}
      >
        <input aria-label="Имя" data-autofocus />
      </Dialog>
    </>
  );
}

function openDialog() {
  render(<Harness />);
  const opener = screen.getByRole('button', { name: 'Заказать звонок' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Заказать звонок' }) };
}

describe('Dialog', () => {
  afterEach(() => {
    cleanup();
    closes = 0;
  });

  it('is a labelled modal dialog that moves focus to its first field', () => {
    const { dialog } = openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText('Имя'));
  });

  it('closes with its button and gives the focus back to the opener', () => {
    const { opener, dialog } = openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(closes).toBe(1);
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(screen.queryByLabelText('Имя')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on a click on the backdrop, not on a press that began inside', () => {
    const { dialog } = openDialog();
    fireEvent.pointerDown(screen.getByLabelText('Имя'));
    fireEvent.click(dialog);
    expect(closes).toBe(0);
    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog);
    expect(closes).toBe(1);
  });

  it('reports a close by the browser (Escape) to its owner', () => {
    const { dialog } = openDialog();
    (dialog as HTMLDialogElement).close();
    expect(closes).toBe(1);
    expect(screen.getByRole('button', { name: 'Заказать звонок' })).toBeTruthy();
  });
});
