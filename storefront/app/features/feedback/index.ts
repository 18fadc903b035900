// What other features and the app shell may use of feedback; the rest of the folder is its own.
export type { FeedbackKind } from './FeedbackDialogs';
export { RepresentBlock } from './RepresentBlock';
export { RepresentLink } from './RepresentLink';
export { NOTIFY_LABEL } from './stock-notice-label';
export { noticePromise } from './stock-notice-words';

/** The stock notice's dialog (a form with a phone mask), fetched when a shopper first asks for it. */
export const loadStockNoticeDialog = () => import('./StockNoticeDialog');

/** The header's call-back and message dialogs, fetched on first use (most visitors never open them). */
export const loadFeedbackDialogs = () => import('./FeedbackDialogs');
