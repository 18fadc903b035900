import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { REPRESENT_ID, scrollToRepresent, waitForStableSize } from './represent';
import { Icon } from '../../ui/Icon';

interface RepresentLinkProps {
  /** The header's link has an icon; the footer's does not (spec §2). */
  variant: 'header' | 'footer';
  className?: string;
  /** Called on click before scrolling, e.g. to close the mobile menu. */
  onActivate?: () => void;
}

// The wait outlives the link itself: going home swaps the layout, which mounts a new header and footer.
// A second click (any link variant) cancels the first one's wait.
let pending: AbortController | null = null;

/**
 * "Стать представителем": on the home page it scrolls straight to the block; elsewhere it goes home, waits
 * for the page to settle (1000 ms without a size change) and then scrolls. Without JavaScript it is an
 * ordinary link to /#represent.
 */
export function RepresentLink({ variant, className, onActivate }: RepresentLinkProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (Ctrl/⌘/Shift, middle button) is the browser's business.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onActivate?.();
    pending?.abort();
    if (pathname === '/') {
      scrollToRepresent();
      return;
    }
    const controller = new AbortController();
    pending = controller;
    await navigate('/');
    const settled = await waitForStableSize(document.body, { signal: controller.signal });
    // Only if the visitor is still on the home page and did not click elsewhere meanwhile.
    if (settled && window.location.pathname === '/') scrollToRepresent();
  };

  return (
    <a href={`/#${REPRESENT_ID}`} className={className} onClick={(event) => void onClick(event)}>
      {variant === 'header' && <Icon name="represent" size={18} />}
      Стать представителем
    </a>
  );
}
