// Signing in (or registering) across accounts and sales: a guest's cart joins the account's, in the
// sign-in's transaction (quantities added, capped by stock). Accounts call it as their `signedIn` hook.
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../platform/db';
import { cartTokenOf, mergeGuestCart } from '../domains/sales';

export async function joinGuestCart(tx: Tx, request: FastifyRequest, userId: number): Promise<void> {
  await mergeGuestCart(tx, cartTokenOf(request), userId);
}
