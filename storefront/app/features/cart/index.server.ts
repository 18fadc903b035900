// cart's server-only surface (loaders and actions of other features), kept apart from index.ts so that
// nothing bound for the browser imports a .server module.
export { cartCountCookie, cartHeaders, countCookieIsCurrent, repeatNoticeCookie } from './cart.server';
