import type { Route } from './+types/company.interesting';
import { ArticleCard } from '../components/content/ArticleCard';
import { PageFrame } from '../components/content/ContentPage';
import { Pagination } from '../components/content/Pagination';
import { RichText } from '../components/content/RichText';
import { COMPANY_LINKS } from '../components/content/SectionNav';
import { serverApi } from '../lib/api.server';
import { contentMeta } from '../lib/content-meta';
import { notFound, optionalPage, pageNumber } from '../lib/content.server';
import { GUEST_PAGE } from '../lib/guest-page';

// Интересное: the articles, newest first, twelve to a page. Page "company/interesting" from the admin,
// when it exists, gives the section its title, introduction and SEO texts.
const PER_PAGE = 12;
const PATH = '/company/interesting';
const DEFAULT_TITLE = 'Интересное';
const DEFAULT_DESCRIPTION =
  'Статьи для лэшмейкеров: как выбрать ресницы и клей, ламинирование шаг за шагом, уход и советы мастерам.';

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

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { intro, page } = loaderData;
  const title = intro?.title ?? DEFAULT_TITLE;
  const path = page > 1 ? `${PATH}?page=${page}` : PATH;
  return contentMeta(
    {
      title: page > 1 ? `${title}, страница ${page}` : title,
      seoTitle: intro?.seoTitle && page > 1 ? `${intro.seoTitle}, страница ${page}` : intro?.seoTitle,
      seoDescription: intro?.seoDescription ?? DEFAULT_DESCRIPTION,
    },
    path,
    [
      { name: 'О компании', path: '/company' },
      { name: title, path: PATH },
    ],
    matches,
  );
};

export default function Interesting({ loaderData }: Route.ComponentProps) {
  const { intro, articles, page } = loaderData;
  const title = intro?.title ?? DEFAULT_TITLE;
  return (
    <PageFrame
      title={title}
      crumbs={[{ label: 'О компании', to: '/company' }, { label: title }]}
      nav={{ label: 'О компании', links: COMPANY_LINKS }}
      wide
    >
      {intro?.content && page === 1 && <RichText html={intro.content} className="content-intro" />}
      {articles.data.length === 0 ? (
        <p className="content-empty">Статей пока нет. Загляните позже!</p>
      ) : (
        <ul className="card-grid">
          {articles.data.map((article, i) => (
            <li key={article.id}>
              <ArticleCard article={article} eager={i < 2} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        total={articles.meta.total}
        perPage={articles.meta.perPage}
        path={PATH}
        label="Страницы статей"
      />
    </PageFrame>
  );
}

/** The same for every guest: the server may answer it from its page cache. */
export const handle = GUEST_PAGE;
