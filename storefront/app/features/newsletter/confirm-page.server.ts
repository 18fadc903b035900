import type { Route } from '../../routes/+types/newsletter.confirm';
import { serverApi } from '../../lib/api.server';
import { spendLinkToken } from '../../lib/token-link.server';
export async function loader({ context, request }: Route.LoaderArgs) {
  return spendLinkToken(request, 'newsletter confirmation', (token) =>
    serverApi(context).newsletter.confirm({ token }),
  );
}
