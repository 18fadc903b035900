import { Link } from 'react-router';
import type { Route } from '../../routes/+types/company.interesting.$name';
import { COVER_HEIGHT, COVER_WIDTH } from './ArticleCard';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { RichText } from './RichText';
import { Picture } from '../../ui/Picture';
import { contentMeta } from './content-meta';
import { formatDate } from '../../lib/format';
import { GUEST_PAGE } from '../../lib/guest-page';

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { article } = loaderData;
  const path = `/company/interesting/${article.slug}`;
  return contentMeta(
    { ...article, text: article.announce ?? article.content, image: article.coverUrl, type: 'article' },
    path,
    [
      { name: 'О компании', path: '/company' },
      { name: 'Интересное', path: '/company/interesting' },
      { name: article.title, path },
    ],
    matches,
  );
};

export default function Article({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  return (
    <article className="article">
      <Breadcrumbs
        items={[
          { label: 'О компании', to: '/company' },
          { label: 'Интересное', to: '/company/interesting' },
          { label: article.title },
        ]}
      />
      <header className="article__head">
        <h1 className="content-page__title article__title">{article.title}</h1>
        <p className="article__date">
          <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
        </p>
      </header>
      {article.coverUrl && (
        <Picture
          className="article__cover"
          src={article.coverUrl}
          alt=""
          width={COVER_WIDTH}
          height={COVER_HEIGHT}
          sizes="(min-width: 816px) 768px, calc(100vw - 32px)"
          maxDisplayWidth={768}
          priority
        />
      )}
      {article.announce && <p className="article__lead">{article.announce}</p>}
      <RichText html={article.content} />
      <p className="article__back">
        <Link to="/company/interesting" className="button button--quiet">
          ← Все статьи
        </Link>
      </p>
    </article>
  );
}

/** The same for every guest: the server may answer it from its page cache. */
export const handle = GUEST_PAGE;
