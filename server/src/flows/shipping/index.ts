// Shipping: an order handed to its delivery service's carrier (register.ts), the shipment followed until the
// parcel is delivered, moving the order to «Отправлен» and «Выполнен» on the carrier's word (poll.ts, a
// periodic task), and the order screen's endpoints (shipment-routes.ts).
export { pollShipments, type PollResult } from './poll';
export { registerShipment } from './register';
export { shipmentRoutes } from './shipment-routes';
