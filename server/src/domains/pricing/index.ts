// Pricing: the pure engine (engine.ts: lines, discounts, coupons, bonuses, delivery) and what it reads
// from the database for a viewer (inputs.ts). No endpoints of its own.

// What other folders use of this domain.
export {
  catalogPrice,
  normalizeCouponCode,
  priceCart,
  receiptPositions,
  type CartPricing,
  type CatalogOffer,
  type CouponEntry,
  type PricedLine,
  type PricingCoupon,
  type PricingCustomer,
  type PricingDelivery,
  type PricingLine,
  type PricingPayment,
  type PricingRule,
} from './engine';
export { activeCartRules, pricingCustomer, viewerOf, type Viewer } from './inputs';
// The points an order brings once completed: the shop's one rule, shown in the cart and on the product page too.
export { pointsEarned } from '@shop/schemas/rules/bonus-points';
