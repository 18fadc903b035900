// Types the accounts' routes share.
import type { SignedInHook } from '../../platform/types';
import type { AfterResponse } from '../../platform/http/after-response';

export interface AuthRoutesOptions {
  /** SITE_URL for links in letters; without it, the address of the request. */
  siteUrl: string | null;
  /** Work done after a route has answered (password recovery's letter). */
  afterResponse: AfterResponse;
  /**
   * What else happens when someone signs in or registers, inside that transaction: the composition gives it
   * (the guest's cart joins the account's, flows/sign-in.ts); accounts know nothing of carts.
   */
  signedIn: SignedInHook;
}
