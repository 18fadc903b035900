import { apiErrorMessage } from '@shop/client';
import type { CartState } from '@shop/schemas';
import { data } from 'react-router';
import type { Route } from '../../routes/+types/cart';
import { serverApi } from '../../lib/api.server';
import { cartAction, cartHeaders, takeRepeatNotice } from './cart.server';

/**
 * The visitor's cart as the server priced it; the productCard cookie follows its count. Right after
 * «Повторить заказ» it also says what of the order went in (the order page's action left that for it).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  let cart: CartState;
  try {
    cart = await serverApi(context).cart.get();
  } catch (error) {
    console.error('cart unavailable:', error instanceof Error ? error.message : error);
    return data(
      { cart: null as CartState | null, failure: apiErrorMessage(error), repeated: null },
      { status: 502 },
    );
  }
  const headers = cartHeaders(cart, context, request);
  const repeated = takeRepeatNotice(context, request, headers);
  return data({ cart, failure: null as string | null, repeated }, { headers });
}

export const action = cartAction;
