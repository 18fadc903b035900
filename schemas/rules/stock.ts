// When an offer counts as almost sold out: the admin's desktop lists such offers, and the products list
// marks and filters the products that have one.
export const LOW_STOCK_THRESHOLD = 3;
