import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';

// Server rendering has no layout: the effect runs only in the browser.
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * A bar at the bottom of a phone's screen (the product's price and «В корзину», the cart's and the checkout's
 * total). Hidden from screen readers: the same price and button stand in the page above. While it is there the
 * page keeps a space of its height at the bottom (--sticky-bar-height, styles/base.css), measured, since a
 * struck-through price or a long label makes it taller: the footer's last line is never left under it.
 */
export function StickyBar({ className, children }: { className?: string; children: ReactNode }) {
  const bar = useRef<HTMLDivElement>(null);
  useBrowserLayoutEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--sticky-bar-height', `${el.offsetHeight}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--sticky-bar-height');
    };
  }, []);
  return (
    <div ref={bar} className={className ? `sticky-bar ${className}` : 'sticky-bar'} aria-hidden="true">
      {children}
    </div>
  );
}
