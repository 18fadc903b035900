// The offer generator's rule: every combination of the chosen directory values (curl × thickness ×
// length…) that the product does not have yet becomes a new offer, its article built from a prefix and
// the codes: LB + D + 0.07 + 11 → LB-D-007-11.

export interface OfferDraft {
  id?: number;
  article: string;
  attributes: Record<string, string>;
  basePrice: number | null;
  salePrice: number | null;
  stock: number;
  weight: number | null;
  active: boolean;
}

/** Directory code → the entry codes chosen, in the directories' order. */
export type Selection = { directory: string; codes: string[] }[];

/** "0.07" → "007", "d" → "D": what a code looks like inside an article. */
export const articlePart = (code: string) => code.replace(/[.\s]/g, '').toUpperCase();

export function articleOf(prefix: string, codes: string[]): string {
  return [prefix.trim().replace(/-+$/, ''), ...codes.map(articlePart)].filter(Boolean).join('-');
}

function combinations(selection: Selection): Record<string, string>[] {
  let out: Record<string, string>[] = [{}];
  for (const { directory, codes } of selection) {
    if (codes.length === 0) continue;
    out = out.flatMap((partial) => codes.map((code) => ({ ...partial, [directory]: code })));
  }
  return out;
}

const sameValues = (offer: Record<string, string>, combo: Record<string, string>) =>
  Object.entries(combo).every(([k, v]) => offer[k] === v);

export interface GenerateOptions {
  prefix: string;
  selection: Selection;
  basePrice: number | null;
  stock: number;
}

/** The offers to add: one per missing combination; none when nothing is chosen. */
export function missingOffers(existing: Pick<OfferDraft, 'article' | 'attributes'>[], o: GenerateOptions) {
  const chosen = o.selection.filter((s) => s.codes.length > 0);
  if (chosen.length === 0) return [];
  const articles = new Set(existing.map((e) => e.article));
  const drafts: OfferDraft[] = [];
  for (const combo of combinations(chosen)) {
    if (existing.some((e) => sameValues(e.attributes ?? {}, combo))) continue;
    const article = articleOf(
      o.prefix,
      chosen.map((s) => combo[s.directory]!),
    );
    if (articles.has(article)) continue;
    articles.add(article);
    drafts.push({
      article,
      attributes: combo,
      basePrice: o.basePrice,
      salePrice: null,
      stock: o.stock,
      weight: null,
      active: true,
    });
  }
  return drafts;
}
