// products: the search document (search_vector) and the search vocabulary follow every save. The
// document reads the product as it will be stored: the form's values over the stored record.
import { rememberWords, searchDocuments } from './search/document';
import type { EntityHooks } from '../../platform/crud/types';

export const beforeSave: EntityHooks<'products'>['beforeSave'] = async (data, { tx, existing }) => {
  const [doc] = await searchDocuments(tx, [{ ...existing, ...data }]);
  await rememberWords(tx, [doc!.words]);
  return { ...data, searchVector: doc!.vector, searchTitle: doc!.title };
};
