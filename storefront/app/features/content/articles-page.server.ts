import type { Route } from '../../routes/+types/company.interesting';
import { serverApi } from '../../lib/api.server';
import { notFound, optionalPage, pageNumber } from '../../lib/content.server';

// Интересное: the articles, newest first, twelve to a page. Page "company/interesting" from the admin,
// when it exists, gives the section its title, introduction and SEO texts.
const PER_PAGE = 12;

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageNumber(request);
  const [intro, articles] = await Promise.all([
    optionalPage(context, 'company/interesting'),
    serverApi(context).content.articles({ page, perPage: PER_PAGE }),
  ]);
  // ?page=9 of a four-page list is no page at all.
  if (page > 1 && articles.data.length === 0) notFound();
  return { intro, articles, page };
}
