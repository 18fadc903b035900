// What the pricing engine takes and gives. The inputs are narrow picks of the generated entity types, so a
// caller passes rows as it read them (extra columns are fine). Dates may be strings (API, JSON) or Date
// objects (Drizzle reads timestamptz columns as Date). Every amount is an integer number of kopecks.
import type {
  CartRule,
  Coupon,
  DeliveryService,
  PaymentService,
  ProductOffer,
  ShopSettings,
  UserType,
} from '@shop/schemas';

type Dated<T> = Omit<T, 'startsAt' | 'endsAt'> & {
  startsAt: string | Date | null;
  endsAt: string | Date | null;
};

/** One cart line: an offer and how many. `offerId` is unique within a cart. */
export type PricingLine = Pick<ProductOffer, 'basePrice' | 'salePrice'> & {
  offerId: number;
  productId: number;
  /** The product's categories (a rule or coupon for a category applies to the product's offers). */
  categoryIds: readonly number[];
  title: string;
  /** A positive integer. */
  quantity: number;
};

/** One offer for a catalogue price: a line without a title or quantity. */
export type CatalogOffer = Omit<PricingLine, 'title' | 'quantity'>;

export type PricingUserType = Pick<UserType, 'id' | 'title' | 'discountPercent' | 'bonusAllowed'>;

export interface PricingCustomer {
  /** null for a guest. */
  userId: number | null;
  /** The customer's type; null when none (a guest usually has the shop's default type, if it has one). */
  userType: PricingUserType | null;
  /** Groups the customer belongs to (or acts for). */
  groupIds: readonly number[];
}

export type PricingRule = Dated<
  Pick<
    CartRule,
    | 'id'
    | 'title'
    | 'description'
    | 'startsAt'
    | 'endsAt'
    | 'priority'
    | 'stopFurtherRules'
    | 'combineWithCoupons'
    | 'minItemsTotal'
    | 'minQuantity'
    | 'productIds'
    | 'categoryIds'
    | 'userTypeIds'
    | 'userGroupIds'
    | 'discountType'
    | 'discountValue'
    | 'maxDiscount'
    | 'active'
  >
>;

export type PricingCoupon = Dated<
  Pick<
    Coupon,
    | 'id'
    | 'code'
    | 'type'
    | 'value'
    | 'maxDiscount'
    | 'minOrderTotal'
    | 'categoryIds'
    | 'startsAt'
    | 'endsAt'
    | 'usageLimit'
    | 'usageLimitPerUser'
    | 'userId'
    | 'active'
  >
>;

/** The code the customer typed, the row found for it (null: no such code) and its uses so far. */
export interface CouponEntry {
  code: string;
  coupon: PricingCoupon | null;
  usage: {
    /** Orders that used the coupon, by anyone. */
    total: number;
    /** Orders of this customer that used it (a guest counted by phone and e-mail). */
    byCustomer: number;
  };
}

export type PricingDelivery = Pick<
  DeliveryService,
  'id' | 'code' | 'title' | 'kind' | 'price' | 'freeFrom' | 'sortOrder' | 'active'
>;

export type PricingPayment = Pick<
  PaymentService,
  | 'id'
  | 'code'
  | 'title'
  | 'kind'
  | 'minOrderTotal'
  | 'maxOrderTotal'
  | 'deliveryServiceIds'
  | 'sortOrder'
  | 'active'
>;

export type PricingSettings = Pick<
  ShopSettings,
  'minOrderTotal' | 'bonusEnabled' | 'bonusMaxSpendPercent' | 'bonusPointValue' | 'bonusAccrualPercent'
>;

export interface PricingInput {
  now: Date;
  lines: readonly PricingLine[];
  customer: PricingCustomer;
  /** All cart rules (inactive and out-of-date ones are skipped here). */
  rules: readonly PricingRule[];
  /** null when no code was entered. */
  coupon: CouponEntry | null;
  bonuses: {
    /** Spendable points: the customer's balance without expired points (0 for a guest). */
    balance: number;
    /** Points the customer asked to spend; more than allowed is cut down. */
    requested: number;
  };
  settings: PricingSettings;
  /** All delivery services (inactive ones are skipped). */
  deliveryServices: readonly PricingDelivery[];
  deliveryServiceId: number | null;
  /** All payment services (inactive ones are skipped). */
  paymentServices: readonly PricingPayment[];
  paymentServiceId: number | null;
}

// ---- the answer ----

/** One receipt position: `price × quantity`; a line needs two when its sum does not divide evenly. */
export interface ReceiptPosition {
  price: number;
  quantity: number;
}

export interface PricedLine {
  offerId: number;
  productId: number;
  title: string;
  quantity: number;
  /** The offer's base price (shown struck through when it is above `price`). */
  basePrice: number;
  /** The unit price before discounts: the sale price when set, else the base price. */
  price: number;
  /** The unit price after the per-unit discounts (user type, percent rules): what a product card shows. */
  unitPrice: number;
  /** unitPrice × quantity. */
  total: number;
  /** This line's part of the order-level discounts (fixed rules, capped percent rules, the coupon). */
  discountShare: number;
  /** This line's part of the bonus payment. */
  bonusShare: number;
  /** total − discountShare − bonusShare: the line's sum on the receipt. */
  payable: number;
  /** `payable` as receipt positions (54-FZ): at most two, their sums add up to `payable` exactly. */
  receipt: ReceiptPosition[];
}

export type DiscountSource = 'user_type' | 'rule' | 'coupon';
export type DiscountType = 'percent' | 'fixed' | 'free_delivery';

export interface AppliedDiscount {
  source: DiscountSource;
  /** The user type's, rule's or coupon's id. */
  id: number;
  /** What the customer reads: «Скидка 10 % по статусу «Мастер»», the rule's title, «Промокод LASH10». */
  title: string;
  /** The rule's description for customers, if any. */
  description: string | null;
  type: DiscountType;
  /** Percent, or kopecks for a fixed discount; 0 for free delivery. */
  value: number;
  /** unit: lowers unit prices; order: spread over the lines as shares; delivery: free delivery. */
  level: 'unit' | 'order' | 'delivery';
  /** Kopecks taken off the goods (0 for free delivery). */
  amount: number;
  /** Free delivery: what the chosen delivery would have cost (0 when none is chosen or it is free anyway). */
  deliverySaving: number;
  /** maxDiscount (or the lines' remaining sum) cut the discount down. */
  capped: boolean;
  /** The lines it concerns. */
  offerIds: number[];
}

export type CouponFailure =
  | 'unknown'
  | 'inactive'
  | 'guest'
  | 'other_customer'
  | 'not_started'
  | 'expired'
  | 'usage_limit'
  | 'user_limit'
  | 'categories'
  | 'min_total'
  | 'not_combinable';

export interface CouponResult {
  /** The code as normalised (trimmed, upper case). */
  code: string;
  state: 'applied' | 'rejected';
  /** Why it was rejected; null when applied. */
  failure: CouponFailure | null;
  /** One message for the customer, applied or not. */
  message: string;
  /** Kopecks off the goods (0 when rejected or free delivery). */
  amount: number;
}

export interface BonusResult {
  /** This customer can pay with points in this order. */
  enabled: boolean;
  /** Why not, for the customer; null when enabled or the programme is off. */
  reason: string | null;
  /** Spendable points on the balance. */
  available: number;
  /** Points that may be spent on this order. */
  maxSpendable: number;
  requested: number;
  spent: number;
  /** Kopecks the spent points pay. */
  value: number;
  /** Kopecks per point (snapshot it on the order). */
  pointValue: number;
  /** Points this order brings once completed (pointsEarned); 0 for a guest or a type outside the programme. */
  earn: number;
}

export interface DeliveryOption {
  id: number;
  code: string;
  title: string;
  kind: PricingDelivery['kind'];
  /** The service's price. */
  price: number;
  /** What the customer pays for it with this cart. */
  cost: number;
  /** Why it costs nothing: the order reached `freeFrom`, or a rule or coupon gives free delivery. */
  freeBy: 'threshold' | 'discount' | null;
  /** Kopecks of goods still to add for free delivery; null when free or `freeFrom` is not set. */
  leftForFree: number | null;
  /** «До бесплатной доставки осталось 1 250 ₽», or null. */
  message: string | null;
}

export interface PaymentOption {
  id: number;
  code: string;
  title: string;
  kind: PricingPayment['kind'];
}

/** A payment service the delivery allows but the order's total does not, and why, for the customer. */
export interface PaymentOutOfReach extends PaymentOption {
  reason: string;
}

export type ProblemCode =
  | 'empty_cart'
  | 'below_min_order'
  | 'coupon'
  | 'bonus_limited'
  | 'delivery_unavailable'
  | 'payment_unavailable';

export interface PricingProblem {
  code: ProblemCode;
  message: string;
  /** The order cannot be placed until it is solved. */
  blocking: boolean;
}

export interface PricingTotals {
  /** Σ price × quantity: goods at offer prices. */
  goods: number;
  /** Every discount on the goods: Σ (price − unitPrice) × quantity + Σ discountShare. */
  discounts: number;
  /** The value of the points spent. */
  bonuses: number;
  /** What the chosen delivery costs the customer (0 when none is chosen). */
  delivery: number;
  /** goods − discounts − bonuses + delivery. */
  total: number;
  /** Σ quantity. */
  quantity: number;
}

export interface CartPricing {
  lines: PricedLine[];
  discounts: AppliedDiscount[];
  coupon: CouponResult | null;
  bonuses: BonusResult;
  delivery: {
    options: DeliveryOption[];
    /** The chosen service when it is available, else null. */
    selectedId: number | null;
    /** The option closest to free delivery, for the cart page; null when none. */
    hint: string | null;
  };
  payments: PaymentOption[];
  /** What the total keeps out (paymentsOutOfReach): shown greyed with its reason. */
  paymentsOutOfReach: PaymentOutOfReach[];
  totals: PricingTotals;
  problems: PricingProblem[];
  /** No blocking problem. */
  canOrder: boolean;
}

export interface CatalogPrice {
  basePrice: number;
  /** Sale price when set, else base price. */
  price: number;
  /** What this customer pays for one unit: the cart's unit price of this offer. */
  unitPrice: number;
  /** The per-unit discounts that made `unitPrice`. */
  discounts: AppliedDiscount[];
}
