import { apiErrorMessage, apiErrorStatus } from '@shop/client';
import { Form, data, useNavigation } from 'react-router';
import type { Route } from './+types/newsletter.unsubscribe';
import { NewsletterNotice } from '../components/NewsletterNotice';
import { serverApi } from '../lib/api.server';
import { seoMeta } from '../lib/seo';

// The unsubscribe link of every newsletter. Opening it changes nothing (mail scanners open links too): the
// button posts to this page's action, which works without JavaScript.

export const UNSUBSCRIBED = 'Вы отписались от рассылки';
const NO_TOKEN = 'В ссылке нет кода отписки. Откройте ссылку из письма целиком.';

type Result = { ok: true } | { ok: false; message: string };

const tokenOf = (url: string) => new URL(url).searchParams.get('token')?.trim() ?? '';

export function loader({ request }: Route.LoaderArgs) {
  return { token: tokenOf(request.url) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const field = form.get('token');
  const token = typeof field === 'string' ? field.trim() : '';
  if (!token) return data<Result>({ ok: false, message: NO_TOKEN }, { status: 400 });
  try {
    await serverApi(context).newsletter.unsubscribe({ token });
    return data<Result>({ ok: true });
  } catch (error) {
    const status = apiErrorStatus(error);
    if (status === undefined || status >= 500) console.error('newsletter unsubscribe failed:', error);
    return data<Result>(
      { ok: false, message: apiErrorMessage(error) },
      { status: status !== undefined && status < 500 ? status : 502 },
    );
  }
}

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
