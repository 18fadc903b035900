import type { Route } from '../../routes/+types/payment-and-delivery';
import type { SectionLink } from './SectionNav';
import { serverApi } from '../../lib/api.server';
import { loadPage, notFound } from '../../lib/content.server';
import { BASE } from './payment-and-delivery-page';
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
