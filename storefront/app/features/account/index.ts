// What other features and the app shell may use of account; the rest of the folder is its own.
export { PayForm } from './OrderActions';
export { GroupChooser } from './auth-group-chooser';
export { LEGAL_FORMS } from './company-rules';
export { invoicePath, orderPagePath, placedOrderPath } from './orders';
export { formatPoints } from './order-lists';
export type { OrderAccess } from './orders';
