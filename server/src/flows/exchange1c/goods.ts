// 1C's goods become products, through the catalogue's own import writer (catalog/product-import.ts
// writeImport: the CRUD service with its validation, search documents and history, one transaction per
// batch). Only what differs from the stored product is written: the same package twice changes nothing.
// A property's value is the brand (directory `brand`) or a characteristic every offer of the good carries.
import { inArray } from 'drizzle-orm';
import { products } from '../../../generated/tables';
import { getRecordsSeen } from '../../platform/crud/service';
import { sameValue } from '../../platform/crud/same-value';
import { type PlannedProduct, writeImport } from '../../domains/catalog';
import { entryOf, propertyDirectory } from './classifier';
import type { Good } from './commerceml';
import { crudOf, type Exchange, remember } from './context';
import type { RunFile } from './files';
import { linksOf, saveLinks, touchLinks } from './links';
import { slugOf, uniqueName } from './names';
import { picturesOfGoods } from './pictures';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** 1C's description is plain text: its paragraphs become the page's. */
export function descriptionHtml(text: string): string | null {
  const paragraphs = text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!paragraphs.length) return null;
  return paragraphs
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('')
    .slice(0, 50_000);
}

/** A property's value as a directory entry, once per request (thousands of goods share a few values). */
function propertyEntry(ex: Exchange, propertyId: string, value: string) {
  return remember(ex, `property:${propertyId}=${value}`, async () => {
    const dir = await propertyDirectory(ex.db, propertyId);
    if (!dir) return null;
    const byId = (await linksOf(ex.db, 'value', [value])).get(value);
    const entry =
      byId?.localId && byId.data.directoryId === dir.id
        ? { id: byId.localId, code: String(byId.data.code) }
        : await ex.db.transaction((tx) => entryOf(ex, tx, dir, value, null));
    return { dir, entry };
  });
}

/** What the good's properties say: the brand, and the characteristics its offers carry (code → entry code). */
async function propertyValues(ex: Exchange, good: Good) {
  let brandId: number | null | undefined;
  const attributes: Record<string, string> = {};
  for (const p of good.properties) {
    const found = await propertyEntry(ex, p.id, p.value);
    if (!found) {
      ex.warn(`Товар ${good.id}: свойства с Ид ${p.id} нет в классификаторе`);
      continue;
    }
    if (found.dir.brand) brandId = found.entry.id;
    else attributes[found.dir.code] = found.entry.code;
  }
  return { brandId, attributes };
}

export async function applyGoods(ex: Exchange, goods: Good[], files: Map<string, RunFile>): Promise<number> {
  if (!goods.length) return 0;
  const ctx = crudOf(ex, 'products');
  const productLinks = await linksOf(
    ex.db,
    'product',
    goods.map((g) => g.id),
  );
  const groupLinks = await linksOf(
    ex.db,
    'group',
    goods.flatMap((g) => g.groupIds),
  );
  const stored = await getRecordsSeen(
    ctx,
    [...productLinks.values()].map((l) => l.localId).filter((id): id is number => id !== null),
  );
  const candidates = goods.map((g) => slugOf(g.name, g.id));
  const takenRows = await ex.db
    .select({ slug: products.slug })
    .from(products)
    .where(
      inArray(products.slug, [
        ...new Set(candidates.flatMap((c) => [c, ...[2, 3, 4].map((n) => `${c}-${n}`)])),
      ]),
    );
  const taken = new Set(takenRows.map((r) => r.slug));
  const plan: PlannedProduct[] = [];
  const planned: { good: Good; attributes: Record<string, string> }[] = [];
  const linkData = new Map<string, Record<string, unknown>>();
  const pictures = await picturesOfGoods(ex, ex.db, files, goods);
  for (const [at, good] of goods.entries()) {
    const categoryIds: number[] = [];
    for (const g of good.groupIds) {
      const id = groupLinks.get(g)?.localId;
      if (!id) ex.warn(`Товар ${good.id}: группы с Ид ${g} нет в каталоге`);
      else if (!categoryIds.includes(id)) categoryIds.push(id);
    }
    const { brandId, attributes } = await propertyValues(ex, good);
    const urls = pictures[at];
    const wanted: Record<string, unknown> = {
      title: good.name.slice(0, 255),
      categoryIds,
      description: descriptionHtml(good.description),
      ...(urls ? { images: urls.map((url) => ({ url, alt: null })) } : {}),
      active: !good.deleted,
      ...(brandId !== undefined ? { brandId } : {}),
    };
    const link = productLinks.get(good.id);
    const current = link?.localId ? stored.get(link.localId) : undefined;
    const data = { article: good.article, attributes };
    linkData.set(good.id, data);
    if (!current) {
      plan.push({
        existingId: null,
        body: {
          ...wanted,
          slug: uniqueName(slugOf(good.name, good.id), taken, good.id, '-', 255),
          offers: [],
        },
      });
      planned.push({ good, attributes });
      continue;
    }
    const changed: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(wanted)) {
      const same =
        k === 'categoryIds'
          ? sameValue([...(v as number[])].sort(), [...((current[k] as number[]) ?? [])].sort())
          : k === 'images'
            ? sameValue(
                (v as { url: string }[]).map((i) => i.url),
                ((current[k] as { url: string }[]) ?? []).map((i) => i.url),
              )
            : sameValue(v, current[k]);
      if (!same) changed[k] = v;
    }
    // The good's characteristics go to each of its offers (only what differs).
    const offerChanges = ((current.offers as Record<string, unknown>[]) ?? [])
      .filter((o) =>
        Object.entries(attributes).some(([c, v]) => (o.attributes as Record<string, string>)?.[c] !== v),
      )
      .map((o) => ({ article: String(o.article), values: { attributes } }));
    if (!Object.keys(changed).length && !offerChanges.length) continue;
    plan.push({
      existingId: current.id as number,
      body: changed,
      ...(offerChanges.length ? { offerChanges } : {}),
    });
    planned.push({ good, attributes });
  }
  await writeImport(ctx, plan, {
    finish: async (tx, ids) => {
      await saveLinks(
        tx,
        'product',
        goods.map((g) => {
          const at = planned.findIndex((p) => p.good === g);
          const localId = at >= 0 ? ids[at]! : productLinks.get(g.id)!.localId;
          return { externalId: g.id, localId, data: linkData.get(g.id)! };
        }),
      );
      await touchLinks(
        tx,
        'product',
        goods.map((g) => g.id),
      );
    },
  });
  return plan.length;
}
