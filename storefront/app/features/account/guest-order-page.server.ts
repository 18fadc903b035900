import type { Route } from '../../routes/+types/orders.$number';
import { serverApi } from '../../lib/api.server';
import { notFound } from '../../lib/content.server';
import { linkKeyOf, loadOrderPage, orderPageAction } from './orders.server';

/**
 * /orders/{number}?key=…: a guest's order by the private link of the order's letter and success page. A
 * missing or wrong key is the 404 page: the link must not tell whether the number exists.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const key = linkKeyOf(request);
  if (!key) notFound();
  return loadOrderPage(serverApi(context), { number: params.number, key }, request);
}

/** The order's forms, with the link's key from the address they were posted to. */
export async function action(args: Route.ActionArgs) {
  const key = linkKeyOf(args.request);
  if (!key) notFound();
  return orderPageAction(args, { number: args.params.number, key });
}
