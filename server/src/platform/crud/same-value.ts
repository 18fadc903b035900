// One meaning of "unchanged" for the CRUD layer: a value sent back equals what is stored when its jsonb
// objects hold the same keys and values in any order, and its dates the same instant. The service writes only
// real changes by it, a role's field rules let an unchanged restricted field pass by it, and the change
// history records no change that is only the order of a jsonb object's keys.

/** Whether two stored values are the same: jsonb objects whatever their keys' order, dates by their instant. */
export function sameValue(a: unknown, b: unknown): boolean {
  const canonical = (v: unknown): unknown => {
    if (v instanceof Date) return v.toISOString();
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    return v ?? null;
  };
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
