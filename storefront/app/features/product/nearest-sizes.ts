// A sold-out size and what is in stock next to it (issue 31): a master who needs C 0,10 11 мм takes 10 or
// 12 мм of the same curl and thickness, or the nearest thickness in the same length, rather than leave. The
// alternatives differ from the sold-out variant in one characteristic only: the length first, then the
// thickness, then the others from the last to the first, each by how near its value is.
import type { ProductOption, ProductPageOffer } from '@shop/schemas';
import { offerValues } from '../../lib/offer-attributes';

/** The characteristics an alternative may differ in, the most acceptable first. */
const FIRST = ['length', 'thickness'];

/** An alternative: the variant and the one characteristic it differs in. */
export interface NearSize {
  offer: ProductPageOffer;
  option: ProductOption;
  /** What it has instead: a length alone («12 мм»), another characteristic named («Толщина 0,12 мм»). */
  label: string;
}

/** How far two values of a characteristic are: by number when both are numbers («0.10», «11»), else by place. */
function distance(option: ProductOption, a: string, b: string): number {
  const [x, y] = [Number.parseFloat(a), Number.parseFloat(b)];
  if (Number.isFinite(x) && Number.isFinite(y)) return Math.abs(x - y);
  const at = (code: string) => option.values.findIndex((v) => v.code === code);
  return Math.abs(at(a) - at(b));
}

/** At most this many alternatives of one characteristic, so that another one's nearest shows too. */
const PER_OPTION = 3;

/** Up to `max` variants in stock nearest to a sold-out one (none when it is in stock). */
export function nearestSizes(
  options: readonly ProductOption[],
  offers: readonly ProductPageOffer[],
  wanted: ProductPageOffer,
  max = 4,
): NearSize[] {
  if (wanted.inStock) return [];
  const values = offerValues(wanted);
  const order = [
    ...FIRST.flatMap((code) => options.filter((o) => o.code === code)),
    ...options.filter((o) => !FIRST.includes(o.code)).reverse(),
  ];
  const found: NearSize[] = [];
  for (const option of order) {
    const near = offers
      .filter((o) => o.inStock && o.id !== wanted.id)
      .map((offer) => ({ offer, own: offerValues(offer) }))
      .filter(({ own }) =>
        options.every((o) =>
          o === option ? own[o.code] !== values[o.code] : own[o.code] === values[o.code],
        ),
      )
      .sort(
        (a, b) =>
          distance(option, a.own[option.code]!, values[option.code]!) -
          distance(option, b.own[option.code]!, values[option.code]!),
      );
    for (const { offer, own } of near.slice(0, PER_OPTION)) {
      const title = option.values.find((v) => v.code === own[option.code])?.title ?? own[option.code]!;
      found.push({ offer, option, label: option.code === 'length' ? title : `${option.title} ${title}` });
    }
    if (found.length >= max) break;
  }
  return found.slice(0, max);
}
