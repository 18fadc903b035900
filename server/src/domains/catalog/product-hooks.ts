// products: the search document (search_vector) and the search vocabulary follow every save. The
// document reads the product as it will be stored: the form's values over the stored record. One statement
// for the documents and one for the words, whether one product is saved or an import's batch.
import { rememberWords, searchDocuments } from './search/document';
import type { EntityHooks } from '../../platform/crud/types';

export const searchBeforeSaveMany: EntityHooks<'products'>['beforeSaveMany'] = async (items, { tx }) => {
  const docs = await searchDocuments(
    tx,
    items.map(({ data, existing }) => ({ ...existing, ...data })),
  );
  await rememberWords(
    tx,
    docs.map((d) => d.words),
  );
  return items.map(({ data }, i) => ({
    ...data,
    searchVector: docs[i]!.vector,
    searchTitle: docs[i]!.title,
  }));
};
