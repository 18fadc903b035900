// A variant's characteristics as code → value, and as the trade writes them. Shared by the product page (the
// chooser, the grid of lengths, the sizes offered instead of a sold-out one) and the favourites' cards.
import type { ProductPageOffer } from '@shop/schemas';

/** An offer's characteristics as code → value. */
export function offerValues(offer: Pick<ProductPageOffer, 'attributes'>): Record<string, string> {
  return Object.fromEntries(offer.attributes.map((a) => [a.code, a.value]));
}

/** The lash notation's characteristics («D 0,07 мм 11 мм»): a variant is named by them even when they are shared. */
export const LASH_CODES: readonly string[] = ['curl', 'thickness', 'length'];

/**
 * "D 0,07 мм 11 мм": a variant as the trade writes it, for alt texts, the cart and favourites; `only` keeps the
 * characteristics that tell it from its siblings (a favourite's card, whose title says the colour).
 */
export function variantLabel(
  offer: Pick<ProductPageOffer, 'attributes'>,
  only?: ReadonlySet<string>,
): string {
  return offer.attributes
    .filter((a) => !only || only.has(a.code))
    .map((a) => a.valueTitle)
    .join(' ');
}
