// The sales domain's endpoint contracts, one file per area (order-parts.ts holds shared schema parts, no
// contracts).
export * from './cart';
export * from './orders';
export * from './profile-orders';
export * from './invoices';
export * from './admin-dashboard';
export * from './admin-orders';
export * from './admin-bonuses';
export * from './admin-coupons';
export * from './admin-shipments';
