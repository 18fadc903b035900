// The change history of a record, shown beside its edit screen.
export { HistoryAside } from './HistoryAside';
