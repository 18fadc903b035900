import type { ReactNode } from 'react';
import type { SocialLinks as SocialUrls } from '../../lib/shell-data';
import './social-links.css';

// The shop's pages elsewhere (spec §2): only those the settings name are shown, in the spec's order.
// The marks are simple monochrome glyphs in the text colour, not the networks' full-colour logos.

/** Marketplaces have wordmarks, not glyphs: their initials on a small rounded plate. */
function Badge({ letters }: { letters: string }) {
  return (
    <>
      <rect x="1" y="4.5" width="22" height="15" rx="4" />
      <text
        x="12"
        y="15.6"
        textAnchor="middle"
        fontSize="9.5"
        fontWeight="800"
        fill="#fff"
        fontFamily="inherit"
      >
        {letters}
      </text>
    </>
  );
}

const networks: { key: keyof SocialUrls; name: string; mark: ReactNode }[] = [
  {
    key: 'pinterest',
    name: 'Pinterest',
    mark: (
      <path d="M12.3 3C7.4 3 5 6.4 5 9.3c0 1.7.7 3.3 2.1 3.9.2.1.4 0 .5-.3l.2-.8c.1-.3 0-.4-.2-.6-.4-.5-.7-1.1-.7-2 0-2.6 1.9-4.9 5-4.9 2.8 0 4.3 1.7 4.3 3.9 0 2.9-1.3 5.4-3.2 5.4-1.1 0-1.8-.9-1.6-2 .3-1.3.9-2.7.9-3.6 0-.8-.5-1.5-1.4-1.5-1.1 0-2 1.1-2 2.7 0 1 .3 1.6.3 1.6L8 17.9c-.4 1.6 0 3.5 0 3.7 0 .1.2.1.2 0 .1-.1 1.4-1.7 1.8-3.3l.7-2.7c.4.7 1.4 1.3 2.5 1.3 3.3 0 5.5-3 5.5-7C18.7 6.9 16.1 3 12.3 3Z" />
    ),
  },
  {
    key: 'vk',
    name: 'ВКонтакте',
    mark: (
      <path d="M12.8 17.5C7 17.5 3.7 13.6 3.6 7h2.9c.1 4.8 2.2 6.9 3.9 7.3V7h2.7v4.2c1.7-.2 3.4-2.1 4-4.2h2.7a8 8 0 0 1-3.7 5.2 8.3 8.3 0 0 1 4.3 5.3h-3a5.2 5.2 0 0 0-4.3-3.8v3.8h-.3Z" />
    ),
  },
  {
    key: 'telegram',
    name: 'Telegram',
    mark: (
      <path d="M20.7 4.3 3.4 11c-1.2.5-1.2 1.1-.2 1.4l4.4 1.4 1.7 5.2c.2.6.1.8.7.8.5 0 .7-.2 1-.5l2.1-2.1 4.5 3.3c.8.5 1.4.2 1.6-.8l2.9-13.8c.3-1.2-.5-1.8-1.4-1.6ZM8.9 13.5l8.6-5.4c.4-.3.8-.1.5.2l-7.2 6.6-.3 3.1-1.6-4.5Z" />
    ),
  },
  {
    key: 'ozon',
    name: 'Ozon',
    mark: <Badge letters="OZ" />,
  },
  {
    key: 'wildberries',
    name: 'Wildberries',
    mark: <Badge letters="WB" />,
  },
  {
    key: 'whatsapp',
    name: 'WhatsApp',
    mark: (
      <path d="M12 3a9 9 0 0 0-7.8 13.4L3 21l4.7-1.2A9 9 0 1 0 12 3Zm0 16.4c-1.4 0-2.7-.4-3.8-1.1l-.3-.2-2.8.7.8-2.7-.2-.3A7.4 7.4 0 1 1 12 19.4Zm4-5.5c-.2-.1-1.3-.7-1.5-.7-.2-.1-.4-.1-.5.1l-.7.9c-.1.2-.3.2-.5.1a6 6 0 0 1-3-2.6c-.2-.4.2-.4.7-1.3v-.4l-.7-1.6c-.2-.5-.4-.4-.5-.4h-.5a.9.9 0 0 0-.6.3c-.2.2-.8.8-.8 1.9s.8 2.2.9 2.4c.1.1 1.6 2.5 3.9 3.5 1.5.6 2 .7 2.8.6.4-.1 1.3-.5 1.5-1.1.2-.5.2-1 .1-1.1l-.6-.3Z" />
    ),
  },
];

/** Round icon links to the shop's social pages and marketplace shops; nothing when none is set. */
export function SocialLinks({ urls, className }: { urls: SocialUrls; className?: string }) {
  const shown = networks.filter((n) => urls[n.key]);
  if (shown.length === 0) return null;
  return (
    <ul className={`social-links ${className ?? ''}`.trim()}>
      {shown.map((n) => (
        <li key={n.key}>
          <a
            className="social-links__link"
            href={urls[n.key]!}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${n.name} (откроется в новой вкладке)`}
            title={n.name}
          >
            <svg
              width="20"
              height="20"
              viewBox="0 0 24 24"
              fill="currentColor"
              aria-hidden="true"
              focusable="false"
            >
              {n.mark}
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
