import type { AppLoadContext } from 'react-router';
import { serverApi } from '../../lib/api.server';
import { requireUser } from '../../lib/auth.server';
import { notFound, pageNumber } from '../../lib/content.server';
import { ORDERS_PER_PAGE, type OrderListKind } from './order-lists';

interface LoaderArgs {
  context: AppLoadContext;
  request: Request;
}

/**
 * The signed-in customer and the API acting as them. Loaders of one request run in parallel, so each page
 * checks the session itself (the layout's check is the same one, fetched once per request): a guest is
 * sent to /login before any of the page's calls is made.
 */
export async function account(args: LoaderArgs) {
  const user = await requireUser(args);
  return { user, api: serverApi(args.context) };
}

/** A page of one of the three order lists; a page past the end is the 404 page. */
export async function loadOrderList(args: LoaderArgs, kind: OrderListKind) {
  const page = pageNumber(args.request);
  const { api } = await account(args);
  const orders = await api.profile.orders({ status: kind, page, perPage: ORDERS_PER_PAGE });
  if (page > 1 && orders.data.length === 0) notFound();
  return { kind, page, orders };
}
