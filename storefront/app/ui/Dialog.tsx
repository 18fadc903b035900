import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Icon } from './Icon';
import './dialog.css';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Extra class for the dialog box (width of a particular form). */
  className?: string;
}

/**
 * A modal window on the native <dialog> with showModal(): the browser makes the rest of the page inert (so
 * focus stays inside), moves focus in and closes it on Escape. This adds what it leaves out: a click on the
 * backdrop closes it, focus goes back to whatever opened it, and the page under it does not scroll
 * (dialog.css). A bottom sheet on phones, a centred card from 640 px.
 */
export function Dialog({ open, onClose, title, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<HTMLElement | null>(null);
  // A press that starts on a field and ends on the backdrop (selecting text) must not close the form.
  const pressedOnBackdrop = useRef(false);
  // Whether the owner still wants it open: a close the owner asked for is not reported back to it.
  const wanted = useRef(open);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    wanted.current = open;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // React's autoFocus runs while the box is still hidden; the field asking for it gets it now.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Unmounting an open dialog (leaving the page) must not leave the page scroll-locked or inert.
  useEffect(() => () => ref.current?.close(), []);

  const restoreFocus = () => {
    const target = opener.current;
    opener.current = null;
    // The opener may sit in a menu that closed meanwhile; then the browser's own choice stands.
    if (target?.isConnected && !target.closest('dialog:not([open])')) target.focus();
  };

  return (
    <dialog
      ref={ref}
      className={`dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      aria-modal="true"
      onClose={() => {
        restoreFocus();
        if (wanted.current) onClose();
      }}
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === ref.current;
      }}
      onClick={(event) => {
        // The box has no padding of its own, so only the backdrop is the <dialog> itself.
        if (event.target === ref.current && pressedOnBackdrop.current) ref.current.close();
        pressedOnBackdrop.current = false;
      }}
    >
      <div className="dialog__box">
        <div className="dialog__head">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button
            type="button"
            className="icon-button dialog__close"
            aria-label="Закрыть"
            onClick={() => ref.current?.close()}
          >
            <Icon name="close" />
          </button>
        </div>
        {/* The content only exists while open: closed forms keep no focusable fields in the page. */}
        {open && <div className="dialog__body">{children}</div>}
      </div>
    </dialog>
  );
}
