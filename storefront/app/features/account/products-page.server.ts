import { apiErrorMessage, apiErrorStatus } from '@shop/client';
import { data, redirect } from 'react-router';
import type { Route } from '../../routes/+types/profile.products';
import { account } from './account.server';
import { isSecureRequest } from '../../lib/auth.server';
import { notFound, pageNumber } from '../../lib/content.server';
import { CART_PATH, repeatNotice } from '../cart';
import { cartHeaders, repeatNoticeCookie } from '../cart/index.server';
import { MY_PRODUCTS_PER_PAGE, quantityField, toCartLines } from './my-products';

export async function loader(args: Route.LoaderArgs) {
  const page = pageNumber(args.request);
  const { api } = await account(args);
  const products = await api.profile.products({ page, perPage: MY_PRODUCTS_PER_PAGE });
  if (page > 1 && products.data.length === 0) notFound();
  return { page, products };
}

/**
 * «В корзину» (the ticked rows) and «Всё в корзину» (every row on sale): the rows' quantities go to the cart
 * as far as stock allows, and the cart page says what went in. Without JavaScript it is the same form post.
 */
export async function action(args: Route.ActionArgs) {
  const { api } = await account(args);
  const form = await args.request.formData();
  const [first, ...rest] = toCartLines(form, (id) => form.get(quantityField(id)));
  if (!first) return data({ message: 'Отметьте товары, которые положить в корзину' }, 400);
  try {
    const answer = await api.profile.productsToCart({ lines: [first, ...rest] });
    const headers = cartHeaders(answer, args.context, args.request);
    headers.append(
      'Set-Cookie',
      repeatNoticeCookie(repeatNotice(null, answer), isSecureRequest(args.request)),
    );
    return redirect(CART_PATH, { status: 303, headers });
  } catch (error) {
    const status = apiErrorStatus(error);
    if (status === undefined || status >= 500)
      console.error('my products to cart failed:', error instanceof Error ? error.message : error);
    return data({ message: apiErrorMessage(error) }, status !== undefined && status < 500 ? 400 : 502);
  }
}
