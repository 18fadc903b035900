// Coupon series, beside the coupons' own CRUD routes in /api/docs: the admin screen generates a large
// series chunk by chunk (showing the progress) and lists the latest series.
import { api, contract, envelope } from '../contract';

const TAGS = ['Купоны'];
/** The most codes one request generates. */
const CHUNK_MAX = 500;

export const generateCoupons = contract({
  name: 'adminSales.generateCoupons',
  method: 'POST',
  path: '/admin/coupons/generate',
  tags: TAGS,
  summary: `Серия купонов: одна порция (до ${CHUNK_MAX}) случайных кодов в одной транзакции`,
  body: api('admin-coupon-generate-request'),
  response: { 201: envelope(api('admin-coupons-generated')) },
});

export const couponBatches = contract({
  name: 'adminSales.couponBatches',
  method: 'GET',
  path: '/admin/coupons/batches',
  tags: TAGS,
  summary: 'Последние 20 серий купонов: размер, сколько использовано, скидка',
  response: { 200: envelope({ type: 'array', items: api('admin-coupon-batch') }) },
});
