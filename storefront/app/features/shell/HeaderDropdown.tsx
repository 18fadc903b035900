import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Icon } from '../../ui/Icon';

/** Spec §9: a header menu opens after the pointer has rested on it for 200 ms. */
export const MENU_HOVER_DELAY_MS = 200;
/** Leaving it closes it after a moment, so a pointer that slips off the edge does not lose it. */
export const MENU_LEAVE_DELAY_MS = 250;

interface HeaderDropdownProps {
  label: ReactNode;
  /** Classes of the button that opens the menu. */
  buttonClassName: string;
  panelClassName: string;
  /** Screen-reader name of the menu's panel. */
  panelLabel: string;
  /** Extra class of the wrapper (the catalogue's panel spans the whole header, not the button). */
  className?: string;
  children: ReactNode;
}

/**
 * A header menu (disclosure pattern): a button that opens a panel of links. It opens on hover after
 * 200 ms (mouse only: touch screens get their tap), on click, and with Enter, Space or ↓ from the keyboard;
 * Escape closes it and returns to the button, as do a click elsewhere, the focus leaving it and any
 * navigation. The panel stays in the HTML while closed, so its links are there for crawlers.
 */
export function HeaderDropdown({
  label,
  buttonClassName,
  panelClassName,
  panelLabel,
  className,
  children,
}: HeaderDropdownProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const timer = useRef<number | undefined>(undefined);
  // A menu opened by hovering is kept open by a click (not toggled shut under the visitor's pointer).
  const openedByHover = useRef(false);
  const { key: locationKey } = useLocation();

  const clearTimer = () => window.clearTimeout(timer.current);
  const close = useCallback(() => {
    window.clearTimeout(timer.current);
    openedByHover.current = false;
    setOpen(false);
  }, []);

  useEffect(() => close, [close]);
  useEffect(() => close(), [locationKey, close]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const focusFirstLink = () => {
    // After the panel is shown (the state update renders it first).
    window.requestAnimationFrame(() =>
      rootRef.current?.querySelector<HTMLElement>('[data-menu-panel] a')?.focus(),
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' && event.target === buttonRef.current) {
      event.preventDefault();
      setOpen(true);
      focusFirstLink();
    }
  };

  return (
    <div
      ref={rootRef}
      className={`header-dropdown ${className ?? ''}`.trim()}
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse') return;
        clearTimer();
        if (open) return;
        timer.current = window.setTimeout(() => {
          openedByHover.current = true;
          setOpen(true);
        }, MENU_HOVER_DELAY_MS);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== 'mouse') return;
        clearTimer();
        if (!open) return;
        timer.current = window.setTimeout(close, MENU_LEAVE_DELAY_MS);
      }}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Only when the focus moved somewhere else: Safari does not focus a clicked link (a blur with no new
        // focus), and the outside-click handler covers the pointer.
        const next = event.relatedTarget;
        if (open && next && !rootRef.current?.contains(next)) close();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => {
          clearTimer();
          if (open && openedByHover.current) {
            openedByHover.current = false;
            return;
          }
          openedByHover.current = false;
          setOpen(!open);
        }}
      >
        {label}
        <Icon name="chevronDown" size={16} />
      </button>
      <div
        id={`${id}-panel`}
        className={panelClassName}
        hidden={!open}
        role="region"
        aria-label={panelLabel}
        data-menu-panel=""
      >
        {children}
      </div>
    </div>
  );
}
