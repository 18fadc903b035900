// Pages the server may keep whole for guests (server/src/platform/web/page-cache.ts): a route module opts in with
// `export const handle = GUEST_PAGE`. Only pages that show the same to every guest and whose loaders change
// nothing qualify: catalogue, product and content pages. The cart, checkout, orders, account, sign-in and
// the links of letters never do. The server renders such a page without the visitor's cookies and keeps it
// only when the render set none, so a signed-in visitor or one with a cart is always rendered afresh.
export interface PageHandle {
  guestPageCache?: boolean;
}

export const GUEST_PAGE: PageHandle = { guestPageCache: true };
