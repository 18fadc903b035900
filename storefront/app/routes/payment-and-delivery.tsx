import type { Route } from './+types/payment-and-delivery';
import { ContentPage } from '../components/content/ContentPage';
import type { SectionLink } from '../components/content/SectionNav';
import { serverApi } from '../lib/api.server';
import { contentMeta } from '../lib/content-meta';
import { loadPage, notFound } from '../lib/content.server';
import { GUEST_PAGE } from '../lib/guest-page';

// Оплата и доставка with its sub-pages /one_page, /two_page and /tree_page (spec §2). Every text, and the
// names in the sub-navigation, are the titles and texts of pages "payment-and-delivery" and
// "payment-and-delivery/<sub-page>" from the admin.
const BASE = 'payment-and-delivery';
const SECTIONS = ['one_page', 'two_page', 'tree_page'] as const;
const ALL_SLUGS = [BASE, ...SECTIONS.map((s) => `${BASE}/${s}`)];

export async function loader({ context, params }: Route.LoaderArgs) {
  const section = params.section;
  if (section !== undefined && !(SECTIONS as readonly string[]).includes(section)) notFound();
  const slug = section ? `${BASE}/${section}` : BASE;
  const api = serverApi(context);
  // The other pages only lend their titles to the navigation; one missing is left out of it.
  const [page, ...siblings] = await Promise.all([
    loadPage(context, slug),
    ...ALL_SLUGS.map((s) => (s === slug ? null : api.content.page(s).catch(() => null))),
  ]);
  const links: SectionLink[] = [];
  ALL_SLUGS.forEach((s, i) => {
    const title = s === slug ? page.title : siblings[i]?.title;
    if (title) links.push({ to: `/${s}`, label: title });
  });
  return { page, links, path: `/${slug}`, overview: section === undefined };
}

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
