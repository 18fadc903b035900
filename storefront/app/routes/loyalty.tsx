import type { Route } from './+types/loyalty';
import { ContentPage } from '../components/content/ContentPage';
import { contentMeta } from '../lib/content-meta';
import { loadPage } from '../lib/content.server';

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
