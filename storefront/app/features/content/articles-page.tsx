import type { Route } from '../../routes/+types/company.interesting';
import { ArticleCard } from './ArticleCard';
import { PageFrame } from './ContentPage';
import { Pagination } from '../../ui/Pagination';
import { RichText } from './RichText';
import { COMPANY_LINKS } from './SectionNav';
import { contentMeta } from './content-meta';
import { GUEST_PAGE } from '../../lib/guest-page';
const PATH = '/company/interesting';
const DEFAULT_TITLE = 'Интересное';
const DEFAULT_DESCRIPTION =
  'Статьи для лэшмейкеров: как выбрать ресницы и клей, ламинирование шаг за шагом, уход и советы мастерам.';

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
