import type { Route } from '../../routes/+types/promotions';
import { PageFrame } from './ContentPage';
import { PromotionCard } from './PromotionCard';
import { RichText } from './RichText';
import { contentMeta } from './content-meta';
import { GUEST_PAGE } from '../../lib/guest-page';

// Акции: the promotions running now. Page "promotions" from the admin, when it exists, gives the section
// its title, introduction and SEO texts.
const DEFAULT_TITLE = 'Акции';
const DEFAULT_DESCRIPTION = 'Скидки и подарки на материалы для наращивания и ламинирования ресниц.';

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const title = loaderData.intro?.title ?? DEFAULT_TITLE;
  return contentMeta(
    {
      title,
      seoTitle: loaderData.intro?.seoTitle,
      seoDescription: loaderData.intro?.seoDescription ?? DEFAULT_DESCRIPTION,
    },
    '/promotions',
    [{ name: title, path: '/promotions' }],
    matches,
  );
};

export default function Promotions({ loaderData }: Route.ComponentProps) {
  const { intro, promotions } = loaderData;
  const title = intro?.title ?? DEFAULT_TITLE;
  return (
    <PageFrame title={title} crumbs={[{ label: title }]} wide>
      {intro?.content && <RichText html={intro.content} className="content-intro" />}
      {promotions.length === 0 ? (
        <div className="content-empty">
          <p>Сейчас акций нет — следите за новостями, скоро будут.</p>
        </div>
      ) : (
        <ul className="card-grid">
          {promotions.map((promotion, i) => (
            <li key={promotion.id}>
              <PromotionCard promotion={promotion} eager={i < 3} />
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}

/** The same for every guest: the server may answer it from its page cache. */
export const handle = GUEST_PAGE;
