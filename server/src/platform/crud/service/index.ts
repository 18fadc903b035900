// The generic CRUD layer: list, read, create, update and delete for any generated resource, with its
// child rows, inside transactions, answering in the API's shapes and Russian errors. Every function takes
// the caller's context (crud/context.ts) and applies its rules itself: the role's rows and fields
// (crud/access.ts), and the history row of each change (crud/history.ts), in the transaction of the change.
// Its parts: read.ts (lists, counts, records by id, secrets), write.ts (writes of many records, create, update, delete, history of
// hand-written changes), children.ts (child rows), filters.ts, columns.ts, many-refs.ts and db-errors.ts;
// this file is the service's public surface, so callers import from `crud/service` alone.
export {
  countRecords,
  getRecord,
  getRecords,
  getRecordsSeen,
  listRecords,
  MAX_PAGE,
  secretsState,
  sumRecords,
} from './read';
export {
  changeRecords,
  createRecord,
  deleteRecord,
  permittedBody,
  recordCreated,
  type RecordWrite,
  updateRecord,
  writeRecords,
} from './write';
