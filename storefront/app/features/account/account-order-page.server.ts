import type { Route } from '../../routes/+types/profile.orders.$name';
import { account } from './account.server';
import { requireUser } from '../../lib/auth.server';
import { loadOrderPage, orderPageAction } from './orders.server';

/** One order of the customer (or of the group they act for); anyone else's number is the 404 page. */
export async function loader(args: Route.LoaderArgs) {
  const { api } = await account(args);
  return loadOrderPage(api, { number: args.params.name, key: null }, args.request);
}

/** «Оплатить», «Повторить заказ», «Отменить заказ»: the customer's own order, by the session. */
export async function action(args: Route.ActionArgs) {
  await requireUser(args);
  return orderPageAction(args, { number: args.params.name, key: null });
}
