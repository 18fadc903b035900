import type { AppLoadContext } from 'react-router';
import { serverApi } from '../../lib/api.server';
import { notFound, pageNumber } from '../../lib/content.server';
import { ORDERS_PER_PAGE, type OrderListKind } from './orders';

interface LoaderArgs {
  context: AppLoadContext;
  request: Request;
}

/** The API as the signed-in customer; a guest is sent to sign in first (the guard of lib/auth.server). */
export async function accountApi({ context }: LoaderArgs) {
  return serverApi(context);
}

/** A page of one of the three order lists; a page past the end is the 404 page. */
export async function loadOrderList(args: LoaderArgs, kind: OrderListKind) {
  const page = pageNumber(args.request);
  const api = await accountApi(args);
  const orders = await api.profile.orders({ status: kind, page, perPage: ORDERS_PER_PAGE });
  if (page > 1 && orders.data.length === 0) notFound();
  return { kind, page, orders };
}
