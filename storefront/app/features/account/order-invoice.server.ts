import type { Route } from '../../routes/+types/profile.orders.$name.invoice';
import { account } from './account.server';
import { orNotFound } from '../../lib/content.server';

/**
 * /profile/orders/{number}/invoice.pdf: the invoice of the customer's own order (or their group's). The API
 * wants the sign-in token in a header, which a link cannot send, so the storefront's server fetches it as
 * the customer and passes it on; a guest's page links to the API's own address with the order's key.
 */
export async function loader(args: Route.LoaderArgs) {
  const { api } = await account(args);
  const { data: pdf, disposition } = await orNotFound(api.profile.invoicePdf(args.params.name));
  return new Response(pdf, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': disposition ?? 'inline',
      // A bank account and a buyer's details: never kept by a shared cache or the browser's history.
      'Cache-Control': 'private, no-store',
    },
  });
}
