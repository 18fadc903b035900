// What other features and the app shell may use of search; the rest of the folder is its own.

/**
 * The header's field, for lib/deferred: rendered on the server, its code fetched while the page hydrates.
 * Until then the field is the server's plain form, which submits to the search page.
 */
export const loadLiveSearch = () => import('./LiveSearch').then((m) => m.LiveSearch);
