// The sales domain's endpoint contracts, one file per area (order-fields.ts holds shared fields, no contracts).
export * from './admin-dashboard';
export * from './admin-orders';
export * from './admin-bonuses';
export * from './admin-coupons';
