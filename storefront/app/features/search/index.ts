// What other features and the app shell may use of search; the rest of the folder is its own.
export { LiveSearch } from './LiveSearch';
