import type { Route } from '../../routes/+types/loyalty';
import { ContentPage } from './ContentPage';
import { contentMeta } from './content-meta';
import { GUEST_PAGE } from '../../lib/guest-page';

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
