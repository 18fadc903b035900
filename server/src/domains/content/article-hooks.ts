// An article is on the site when it is active and its publication date has come. An active article saved
// without a date is published at that moment: before, it stayed a draft that answered 404 while the admin
// showed it as active, with nothing to say why. A draft is an article with «Активна» off.
import type { EntityHooks } from '../../platform/crud/types';

export const beforeSave: EntityHooks<'interesting'>['beforeSave'] = async (data, { existing }) => {
  const merged = { ...existing, ...data };
  if (merged.active !== false && (merged.publishedAt === null || merged.publishedAt === undefined))
    return { ...data, publishedAt: new Date().toISOString() };
  return data;
};
