import type { Route } from '../../routes/+types/payment-and-delivery';
import { ContentPage } from './ContentPage';
import { contentMeta } from './content-meta';
import { GUEST_PAGE } from '../../lib/guest-page';

// Оплата и доставка with its sub-pages /one_page, /two_page and /tree_page (spec §2). Every text, and the
// names in the sub-navigation, are the titles and texts of pages "payment-and-delivery" and
// "payment-and-delivery/<sub-page>" from the admin.
export const BASE = 'payment-and-delivery';

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { page, links, path, overview } = loaderData;
  const root = links.find((l) => l.to === `/${BASE}`);
  const trail = overview
    ? [{ name: page.title, path }]
    : [...(root ? [{ name: root.label, path: root.to }] : []), { name: page.title, path }];
  return contentMeta({ ...page, text: page.content }, path, trail, matches);
};

export default function PaymentAndDelivery({ loaderData }: Route.ComponentProps) {
  const { page, links, overview } = loaderData;
  const root = links.find((l) => l.to === `/${BASE}`);
  return (
    <ContentPage
      page={page}
      parents={!overview && root ? [{ label: root.label, to: root.to }] : []}
      nav={links.length > 1 ? { label: 'Оплата и доставка', links } : undefined}
    />
  );
}

/** The same for every guest: the server may answer it from its page cache. */
export const handle = GUEST_PAGE;
