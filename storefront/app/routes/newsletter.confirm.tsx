import { apiErrorMessage, apiErrorStatus } from '@shop/client';
import { data } from 'react-router';
import type { Route } from './+types/newsletter.confirm';
import { NewsletterForm } from '../components/NewsletterForm';
import { NewsletterNotice } from '../components/NewsletterNotice';
import { serverApi } from '../lib/api.server';
import { seoMeta } from '../lib/seo';

// The link of the confirmation letter (double opt-in): opening it confirms the subscription. The token is
// single-use and short-lived on the server, so a second visit shows the server's explanation instead.

export const CONFIRMED = 'Подписка подтверждена';
export const NOT_CONFIRMED = 'Не удалось подтвердить подписку';
const NO_TOKEN = 'В ссылке нет кода подтверждения. Откройте ссылку из письма целиком.';

type Result = { ok: true } | { ok: false; message: string };

export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')?.trim();
  if (!token) return data<Result>({ ok: false, message: NO_TOKEN }, { status: 400 });
  try {
    await serverApi(context).newsletter.confirm(token);
    return data<Result>({ ok: true });
  } catch (error) {
    const status = apiErrorStatus(error);
    if (status === undefined || status >= 500) console.error('newsletter confirmation failed:', error);
    return data<Result>(
      { ok: false, message: apiErrorMessage(error) },
      { status: status !== undefined && status < 500 ? status : 502 },
    );
  }
}

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
