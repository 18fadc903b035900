import type { Route } from '../../routes/+types/company.activity';
import { ContentPage } from './ContentPage';
import { COMPANY_LINKS } from './SectionNav';
import { contentMeta } from './content-meta';
import { GUEST_PAGE } from '../../lib/guest-page';

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
