import type { Route } from './+types/loyalty';
import { ContentPage } from '../components/content/ContentPage';
import { contentMeta } from '../lib/content-meta';
import { loadPage } from '../lib/content.server';
import { GUEST_PAGE } from '../lib/guest-page';

// Программа лояльности: the text of page "loyalty" from the admin.
export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context, 'loyalty') };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? contentMeta(
        { ...loaderData.page, text: loaderData.page.content },
        '/loyalty',
        [{ name: loaderData.page.title, path: '/loyalty' }],
        matches,
      )
    : [];

export default function Loyalty({ loaderData }: Route.ComponentProps) {
  return <ContentPage page={loaderData.page} />;
}

/** The same for every guest: the server may answer it from its page cache. */
export const handle = GUEST_PAGE;
