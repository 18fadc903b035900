// The sales domain's endpoint contracts, one file per area.
export * from './cart';
export * from './orders';
export * from './profile-orders';
export * from './invoices';
