import type { Route } from './+types/company.activity';
import { ContentPage } from '../components/content/ContentPage';
import { COMPANY_LINKS } from '../components/content/SectionNav';
import { contentMeta } from '../lib/content-meta';
import { loadPage } from '../lib/content.server';
import { GUEST_PAGE } from '../lib/guest-page';

// Деятельность: the text of page "activity" from the admin.
export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context, 'activity') };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? contentMeta(
        { ...loaderData.page, text: loaderData.page.content },
        '/company/activity',
        [
          { name: 'О компании', path: '/company' },
          { name: loaderData.page.title, path: '/company/activity' },
        ],
        matches,
      )
    : [];

export default function CompanyActivity({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage
      page={loaderData.page}
      parents={[{ label: 'О компании', to: '/company' }]}
      nav={{ label: 'О компании', links: COMPANY_LINKS }}
    />
  );
}

/** The same for every guest: the server may answer it from its page cache. */
export const handle = GUEST_PAGE;
