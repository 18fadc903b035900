// Types the accounts' routes share.

export interface AuthRoutesOptions {
  /** SITE_URL for links in letters; without it, the address of the request. */
  siteUrl: string | null;
}
