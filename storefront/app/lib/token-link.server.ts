// Pages that a letter's link opens with a single-use token (/mail-confirm, /newsletter/confirm): the loader
// spends the token through the API and the page shows the outcome. A second visit, or a cut link, gets the
// server's explanation with its status; an API failure is logged and answered 502.
import { apiErrorMessage, apiErrorStatus } from '@shop/client';
import { data } from 'react-router';

export type TokenLinkResult = { ok: true } | { ok: false; message: string };

const NO_TOKEN = 'В ссылке нет кода подтверждения. Откройте ссылку из письма целиком.';

export async function spendLinkToken(
  request: Request,
  what: string,
  spend: (token: string) => Promise<unknown>,
) {
  const token = new URL(request.url).searchParams.get('token')?.trim();
  if (!token) return data<TokenLinkResult>({ ok: false, message: NO_TOKEN }, { status: 400 });
  try {
    await spend(token);
    return data<TokenLinkResult>({ ok: true });
  } catch (error) {
    const status = apiErrorStatus(error);
    if (status === undefined || status >= 500) console.error(`${what} failed:`, error);
    return data<TokenLinkResult>(
      { ok: false, message: apiErrorMessage(error) },
      { status: status !== undefined && status < 500 ? status : 502 },
    );
  }
}
