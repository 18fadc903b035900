import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import './content.css';

/**
 * HTML written in the admin (pages, articles, promotions). The API cleans it to a whitelist of tags before
 * it gets here (server/src/platform/web/sanitize-html.ts), so it is inserted as is. Links to the shop's own pages
 * are followed inside the app, without a full page load.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  if (!html) return null;
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!link || !href || link.target || !href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    // The handler only upgrades the links inside to in-app navigation; the links stay links for keyboards.
    <div
      className={`rich-text ${className ?? ''}`.trim()}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
