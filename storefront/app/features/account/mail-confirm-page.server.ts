import type { Route } from '../../routes/+types/mail-confirm';
import { serverApi } from '../../lib/api.server';
import { spendLinkToken } from '../../lib/token-link.server';
export async function loader({ context, request }: Route.LoaderArgs) {
  return spendLinkToken(request, 'e-mail confirmation', (token) =>
    serverApi(context).auth.confirmEmail({ token }),
  );
}
