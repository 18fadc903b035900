import type { Route } from '../../routes/+types/newsletter.confirm';
import { NewsletterForm } from './NewsletterForm';
import { NewsletterNotice } from './NewsletterNotice';
import { seoMeta } from '../../lib/seo';

// The link of the confirmation letter (double opt-in): opening it confirms the subscription. The token is
// single-use and short-lived on the server, so a second visit shows the server's explanation instead.

export const CONFIRMED = 'Подписка подтверждена';
export const NOT_CONFIRMED = 'Не удалось подтвердить подписку';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Подтверждение подписки',
      description: 'Подтверждение подписки на новости и акции магазина.',
      path: '/newsletter/confirm',
      noindex: true,
    },
    matches,
  );

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  if (loaderData.ok)
    return (
      <NewsletterNotice title={CONFIRMED} ok>
        <p className="newsletter-notice__text">
          Спасибо! Мы будем присылать вам новинки, акции и скидки магазина. Отписаться можно по ссылке в любом
          письме рассылки.
        </p>
      </NewsletterNotice>
    );
  return (
    <NewsletterNotice title={NOT_CONFIRMED}>
      <p className="newsletter-notice__error" role="alert">
        {loaderData.message}
      </p>
      <NewsletterForm />
    </NewsletterNotice>
  );
}
