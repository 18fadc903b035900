import type { Route } from './+types/company';
import { ContentPage } from '../components/content/ContentPage';
import { COMPANY_LINKS } from '../components/content/SectionNav';
import { contentMeta } from '../lib/content-meta';
import { loadPage } from '../lib/content.server';
import { GUEST_PAGE } from '../lib/guest-page';

// О компании: the text of page "company" from the admin.
export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context, 'company') };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? contentMeta(
        { ...loaderData.page, text: loaderData.page.content },
        '/company',
        [{ name: loaderData.page.title, path: '/company' }],
        matches,
      )
    : [];

export default function Company({ loaderData }: Route.ComponentProps) {
  return <ContentPage page={loaderData.page} nav={{ label: 'О компании', links: COMPANY_LINKS }} />;
}

/** The same for every guest: the server may answer it from its page cache. */
export const handle = GUEST_PAGE;
