import type { Route } from './+types/company.consent';
import { ContentPage } from '../components/content/ContentPage';
import { contentMeta } from '../lib/content-meta';
import { loadPage } from '../lib/content.server';
import { GUEST_PAGE } from '../lib/guest-page';

// Согласие на обработку персональных данных: the text of page "consent" from the admin.
export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context, 'consent') };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? contentMeta(
        { ...loaderData.page, text: loaderData.page.content },
        '/company/consent',
        [
          { name: 'О компании', path: '/company' },
          { name: loaderData.page.title, path: '/company/consent' },
        ],
        matches,
      )
    : [];

export default function CompanyConsent({ loaderData }: Route.ComponentProps) {
  return <ContentPage page={loaderData.page} parents={[{ label: 'О компании', to: '/company' }]} />;
}

/** The same for every guest: the server may answer it from its page cache. */
export const handle = GUEST_PAGE;
