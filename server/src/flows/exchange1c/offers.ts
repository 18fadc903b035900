// 1C's offers (offers*, prices*, rests*: `<good>` or `<good>#<characteristic>`) become the products'
// offers: the price of the price type the settings name, the stock, the characteristics as directory
// entries. Each package sets only what it holds (a rests file the stock, a prices file the prices); an offer
// first seen without a price is kept hidden until its price comes. Written by the catalogue's import writer.
import { inArray } from 'drizzle-orm';
import { productOffers } from '../../../generated/tables';
import { getRecordsSeen } from '../../platform/crud/service';
import { sameValue } from '../../platform/crud/same-value';
import { type PlannedProduct, writeImport } from '../../domains/catalog';
import { characteristicDirectory, entryOf } from './classifier';
import type { Offer } from './commerceml';
import { crudOf, type Exchange, remember } from './context';
import { linksOf, saveLinks } from './links';
import { tagOf, uniqueName } from './names';

type StoredOffer = Record<string, unknown> & { id: number; article: string };

async function characteristicsOf(ex: Exchange, offer: Offer): Promise<Record<string, string>> {
  const attributes: Record<string, string> = {};
  for (const c of offer.characteristics) {
    const { entry, code } = await remember(ex, `characteristic:${c.name}=${c.value}`, () =>
      ex.db.transaction(async (tx) => {
        const dir = await characteristicDirectory(ex, tx, c.name);
        return { entry: await entryOf(ex, tx, dir, c.value, null), code: dir.code };
      }),
    );
    attributes[code] = entry.code;
  }
  return attributes;
}

/** Writes a batch of offers; `priceTypeId` is the price type whose price is the site's (null: none in it). */
export async function applyOffers(
  ex: Exchange,
  offers: Offer[],
  priceTypeId: string | null,
): Promise<number> {
  if (!offers.length) return 0;
  const ctx = crudOf(ex, 'products');
  const productLinks = await linksOf(
    ex.db,
    'product',
    offers.map((o) => o.goodId),
  );
  const offerLinks = await linksOf(
    ex.db,
    'offer',
    offers.map((o) => o.id),
  );
  const productIds = [...new Set([...productLinks.values()].map((l) => l.localId!).filter(Boolean))];
  const stored = await getRecordsSeen(ctx, productIds);
  const byProduct = new Map<number, { offer: Offer; values: Record<string, unknown>; isNew: boolean }[]>();
  const newArticles: { offerId: string; article: string }[] = [];
  const priced = new Map<string, boolean>();
  const wantedArticles = new Map<string, string>();
  for (const offer of offers) {
    const productLink = productLinks.get(offer.goodId);
    const product = productLink?.localId ? stored.get(productLink.localId) : undefined;
    if (!product) {
      ex.warn(`Предложение ${offer.id}: товар с Ид ${offer.goodId} не загружен — пропущено`);
      continue;
    }
    const price = priceTypeId ? offer.prices.find((p) => p.typeId === priceTypeId)?.kopecks : undefined;
    const characteristics = await characteristicsOf(ex, offer);
    const attributes = {
      ...((productLink!.data.attributes as Record<string, string>) ?? {}),
      ...characteristics,
    };
    const link = offerLinks.get(offer.id);
    const current = ((product.offers as StoredOffer[]) ?? []).find((o) => o.id === link?.localId);
    const values: Record<string, unknown> = {};
    if (offer.characteristics.length || !current) values.attributes = attributes;
    if (price !== undefined) values.basePrice = price;
    if (offer.quantity !== null) values.stock = offer.quantity;
    const wasPriced = link?.data.priced === true;
    priced.set(offer.id, wasPriced || price !== undefined);
    if (offer.deleted) values.active = false;
    else if (!current) values.active = price !== undefined;
    else if (!wasPriced && price !== undefined) values.active = true;
    const list = byProduct.get(product.id as number) ?? [];
    byProduct.set(product.id as number, list);
    if (current) {
      const changed = Object.fromEntries(
        Object.entries(values).filter(([k, v]) =>
          k === 'attributes'
            ? Object.entries(v as Record<string, string>).some(
                ([c, x]) => (current.attributes as Record<string, string>)?.[c] !== x,
              )
            : !sameValue(v, current[k]),
        ),
      );
      if (Object.keys(changed).length) list.push({ offer, values: { ...changed }, isNew: false });
      wantedArticles.set(offer.id, current.article);
      continue;
    }
    const base =
      offer.article ||
      (typeof productLink!.data.article === 'string' ? productLink!.data.article : '') ||
      `1c-${tagOf(offer.goodId)}`;
    const suffix = offer.id.includes('#') ? Object.values(characteristics).join('-') || tagOf(offer.id) : '';
    const article = suffix && !offer.article ? `${base}-${suffix}` : base;
    list.push({
      offer,
      values: { ...values, article, basePrice: price ?? 0, stock: offer.quantity ?? 0 },
      isNew: true,
    });
  }
  // New articles unique among the catalogue's and this batch's.
  const fresh = [...byProduct.values()].flat().filter((x) => x.isNew);
  const candidates = fresh.map((x) => String(x.values.article).slice(0, 64));
  const takenRows = candidates.length
    ? await ex.db
        .select({ article: productOffers.article })
        .from(productOffers)
        .where(
          inArray(productOffers.article, [...new Set(candidates.flatMap((c) => [c, `${c}-2`, `${c}-3`]))]),
        )
    : [];
  const taken = new Set(takenRows.map((r) => r.article.toLowerCase()));
  for (const x of fresh) {
    x.values.article = uniqueName(String(x.values.article), taken, x.offer.id, '-', 64);
    newArticles.push({ offerId: x.offer.id, article: String(x.values.article) });
  }
  const plan: PlannedProduct[] = [];
  for (const [productId, list] of byProduct) {
    if (!list.length) continue;
    plan.push({
      existingId: productId,
      body: {},
      offerChanges: list.map((x) => ({
        article: x.isNew ? String(x.values.article) : wantedArticles.get(x.offer.id)!,
        values: x.values,
      })),
    });
  }
  await writeImport(ctx, plan, {
    finish: async (tx) => {
      const made = newArticles.length
        ? await tx
            .select({ id: productOffers.id, article: productOffers.article })
            .from(productOffers)
            .where(
              inArray(
                productOffers.article,
                newArticles.map((n) => n.article),
              ),
            )
        : [];
      const idOf = new Map(made.map((m) => [m.article, m.id]));
      const rows = offers
        .filter((o) => offerLinks.has(o.id) || newArticles.some((n) => n.offerId === o.id))
        .map((o) => {
          const fresh = newArticles.find((n) => n.offerId === o.id);
          return {
            externalId: o.id,
            localId: fresh ? (idOf.get(fresh.article) ?? null) : offerLinks.get(o.id)!.localId,
            data: { priced: priced.get(o.id) ?? false },
          };
        });
      await saveLinks(tx, 'offer', rows);
    },
  });
  return plan.length;
}
