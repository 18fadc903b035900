// What other features and the app shell may use of cart; the rest of the folder is its own.
export { AddToCartForm } from './AddToCartForm';
export { CartTotals, StickyTotal } from './CartTotals';
export { CART_PATH, CHECKOUT_PATH, formatAttributes, lineAnalytics, productPath } from './cart';
export { useCartCount } from './count-cookie';
export type { CartActionResult } from './cart';
export { repeatNotice } from './repeat-notice';
export {
  BELOW_ZERO,
  MAX_PIECES,
  NOTHING_CHOSEN,
  NOT_A_NUMBER,
  addedManyMessage,
  chosenText,
  pieces,
  quantityField,
  type ManyLine,
} from './many-lines';
