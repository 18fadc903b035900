// x-not-before: a field that may not be below a sibling (a banner's end and its start, a maximum order total
// and its minimum). Checked alike by the server's CRUD service (the stored record merged with the update)
// and by the generated zod schemas of the forms, when both fields hold a value.

export interface NotBeforePair {
  field: string;
  /** The sibling it may not be below. */
  from: string;
  fromLabel: string;
  /** Dates compare as moments: «раньше»; numbers: «меньше». */
  dated: boolean;
}

const empty = (v: unknown) => v === null || v === undefined || v === '';

/** The refusal when `pair.field` holds a value below `pair.from`'s in `values`, or null. */
export function notBeforeMessage(values: Record<string, unknown>, pair: NotBeforePair): string | null {
  const from = values[pair.from];
  const value = values[pair.field];
  if (empty(from) || empty(value)) return null;
  const below = pair.dated
    ? new Date(value as string).getTime() < new Date(from as string).getTime()
    : Number(value) < Number(from);
  if (!below) return null;
  return `Не может быть ${pair.dated ? 'раньше' : 'меньше'}, чем «${pair.fromLabel}»`;
}

interface RefinementContext {
  addIssue(issue: { code: 'custom'; path: string[]; message: string }): void;
}

/** zod's superRefine for the pairs of an entity: the refusal lands on the later field. */
export function notBeforeRefinement(pairs: readonly NotBeforePair[]) {
  return (value: unknown, ctx: RefinementContext) => {
    if (value === null || typeof value !== 'object') return;
    for (const pair of pairs) {
      const message = notBeforeMessage(value as Record<string, unknown>, pair);
      if (message) ctx.addIssue({ code: 'custom', path: [pair.field], message });
    }
  };
}
