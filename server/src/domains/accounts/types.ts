// Types the accounts' routes share.
import type { AfterResponse } from '../../platform/http/after-response';

export interface AuthRoutesOptions {
  /** SITE_URL for links in letters; without it, the address of the request. */
  siteUrl: string | null;
  /** Work done after a route has answered (password recovery's letter). */
  afterResponse: AfterResponse;
}
