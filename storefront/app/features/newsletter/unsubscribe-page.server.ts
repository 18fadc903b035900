import { apiErrorMessage, apiErrorStatus } from '@shop/client';
import { data } from 'react-router';
import type { Route } from '../../routes/+types/newsletter.unsubscribe';
import { serverApi } from '../../lib/api.server';
import { NO_TOKEN } from './unsubscribe-page';

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
