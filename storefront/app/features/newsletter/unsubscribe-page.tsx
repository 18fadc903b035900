import { Form, useNavigation } from 'react-router';
import type { Route } from '../../routes/+types/newsletter.unsubscribe';
import { NewsletterNotice } from './NewsletterNotice';
import { seoMeta } from '../../lib/seo';

// The unsubscribe link of every newsletter. Opening it changes nothing (mail scanners open links too): the
// button posts to this page's action, which works without JavaScript.

export const UNSUBSCRIBED = 'Вы отписались от рассылки';
export const NO_TOKEN = 'В ссылке нет кода отписки. Откройте ссылку из письма целиком.';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Отписка от рассылки',
      description: 'Отписка от новостей и акций магазина.',
      path: '/newsletter/unsubscribe',
      noindex: true,
    },
    matches,
  );

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting';
  if (actionData?.ok)
    return (
      <NewsletterNotice title={UNSUBSCRIBED} ok>
        <p className="newsletter-notice__text" role="status">
          Мы больше не будем присылать вам новости и акции. Письма о ваших заказах продолжат приходить.
          Передумаете — подпишитесь снова внизу любой страницы.
        </p>
      </NewsletterNotice>
    );
  const failure = actionData?.ok === false ? actionData.message : loaderData.token ? null : NO_TOKEN;
  return (
    <NewsletterNotice title="Отписаться от рассылки?" links={!loaderData.token}>
      <p className="newsletter-notice__text">
        Вы перестанете получать новинки, акции и скидки магазина по электронной почте.
      </p>
      {failure && (
        <p className="newsletter-notice__error" role="alert">
          {failure}
        </p>
      )}
      {loaderData.token && (
        <Form method="post">
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? 'Отписываем…' : 'Отписаться'}
          </button>
        </Form>
      )}
    </NewsletterNotice>
  );
}
