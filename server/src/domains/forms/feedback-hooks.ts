// Site forms (call-back and message requests): when and by whom a request was processed is the server's to
// say, whichever way the flag changes (the forms-list switch or an ordinary save of the record), so the
// manager's report never shows a processed request without its date and person.
import type { EntityHooks } from '../../platform/crud/types';

export const beforeSave: EntityHooks<'feedback'>['beforeSave'] = (data, { existing, actor }) => {
  if (!('processed' in data)) return data;
  const processed = data.processed === true;
  if (processed === (existing?.processed === true)) return data;
  return processed
    ? { ...data, processedAt: new Date().toISOString(), processedById: actor?.id ?? null }
    : { ...data, processedAt: null, processedById: null };
};
