// Reviews (of the shop and of products): the date of the shop's answer is the server's, set when an answer
// is given or changed and cleared with the answer, so the storefront can show "ответ от …" truthfully.
import type { EntityHooks } from '../../platform/crud/types';

/** The same rule for both kinds of review (x-hooks of reviews-on-site and reviews-on-products). */
export const beforeSave: EntityHooks<'reviews-on-site'>['beforeSave'] &
  EntityHooks<'reviews-on-products'>['beforeSave'] = (data, { existing }) => {
  if (!('answer' in data)) return data;
  const answer = typeof data.answer === 'string' ? data.answer.trim() : '';
  const before = typeof existing?.answer === 'string' ? existing.answer.trim() : '';
  if (!answer) return { ...data, answer: null, answeredAt: null };
  if (answer !== before || !existing?.answeredAt) return { ...data, answeredAt: new Date().toISOString() };
  return data;
};
