// One meaning of "unchanged" for the CRUD layer: what a form or a file sends back equals what is stored when
// its jsonb objects hold the same keys and values in any order, and its dates the same instant. The service
// writes only real changes by it, and a role's field rules let an unchanged restricted field pass by it.

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
