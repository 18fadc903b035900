import type { Route } from '../../routes/+types/company.consent';
import { ContentPage } from './ContentPage';
import { contentMeta } from './content-meta';
import { GUEST_PAGE } from '../../lib/guest-page';

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
