// The change history of a record, shown beside its edit screen.
export { HistoryAside, HistoryPanel, withHistory } from './HistoryAside';
