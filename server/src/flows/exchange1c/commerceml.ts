// What the shop takes from a CommerceML 2 catalogue (import*.xml) and offers package (offers*, prices*,
// rests*): plain records read from the elements xml-stream.ts gives out. Names are CommerceML's, matched by
// local name; versions 2.05 to 2.10 differ in where the stock is (Количество, Склад, Остатки) and are all read.
import { at, childOf, childrenOf, textOf, type XmlNode } from './xml-stream';

export interface Group {
  id: string;
  name: string;
  parentId: string | null;
}

export interface Property {
  id: string;
  name: string;
  /** ИдЗначения → Значение of a property with a list of values (ВариантыЗначений/Справочник). */
  values: Map<string, string>;
}

export interface Good {
  id: string;
  article: string;
  name: string;
  groupIds: string[];
  description: string;
  pictures: string[];
  /** ЗначенияСвойств: a property's Ид and its value (an ИдЗначения or the value itself). */
  properties: { id: string; value: string }[];
  deleted: boolean;
}

export interface PriceType {
  id: string;
  name: string;
}

export interface Offer {
  /** As 1C sends it: `<good>` or `<good>#<characteristic>`. */
  id: string;
  goodId: string;
  name: string;
  article: string;
  characteristics: { name: string; value: string }[];
  prices: { typeId: string; kopecks: number }[];
  /** null when the package says nothing of the stock. */
  quantity: number | null;
  deleted: boolean;
}

/** A package 1C made wrongly: the reason, in Russian, for its answer and the log. */
export class PackageError extends Error {}

const truthy = (v: string) => ['true', 'да', '1'].includes(v.trim().toLowerCase());

/** Groups of a Классификатор/Группы tree, parents before children. */
export function groupsOf(groupsNode: XmlNode, parentId: string | null = null, into: Group[] = []): Group[] {
  for (const g of childrenOf(groupsNode, 'Группа')) {
    const id = textOf(g, 'Ид');
    const name = textOf(g, 'Наименование');
    if (!id || !name) throw new PackageError('У группы каталога нет Ид или Наименования');
    into.push({ id, name, parentId });
    const nested = childOf(g, 'Группы');
    if (nested) groupsOf(nested, id, into);
  }
  return into;
}

export function propertyOf(node: XmlNode): Property {
  const id = textOf(node, 'Ид');
  const name = textOf(node, 'Наименование');
  if (!id || !name) throw new PackageError('У свойства классификатора нет Ид или Наименования');
  const values = new Map<string, string>();
  for (const v of childrenOf(childOf(node, 'ВариантыЗначений'), 'Справочник')) {
    const valueId = textOf(v, 'ИдЗначения');
    if (valueId) values.set(valueId, textOf(v, 'Значение'));
  }
  return { id, name, values };
}

export function goodOf(node: XmlNode): Good {
  const id = textOf(node, 'Ид');
  const name = textOf(node, 'Наименование');
  if (!id) throw new PackageError(`У товара «${name || 'без названия'}» нет Ид`);
  if (!name) throw new PackageError(`У товара с Ид ${id} нет Наименования`);
  return {
    id,
    article: textOf(node, 'Артикул'),
    name,
    groupIds: childrenOf(childOf(node, 'Группы'), 'Ид')
      .map((g) => g.text)
      .filter(Boolean),
    description: textOf(node, 'Описание'),
    pictures: childrenOf(node, 'Картинка')
      .map((p) => p.text)
      .filter(Boolean),
    properties: childrenOf(childOf(node, 'ЗначенияСвойств'), 'ЗначенияСвойства')
      .map((p) => ({ id: textOf(p, 'Ид'), value: textOf(p, 'Значение') }))
      .filter((p) => p.id && p.value),
    deleted: truthy(textOf(node, 'ПометкаУдаления')) || node.attrs['Статус'] === 'Удален',
  };
}

export function priceTypeOf(node: XmlNode): PriceType {
  return { id: textOf(node, 'Ид'), name: textOf(node, 'Наименование') };
}

/** "1 290,50" → 129050 kopecks; null for what is not a sum. */
export function kopecksOf(text: string): number | null {
  const t = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

const countOf = (text: string) => {
  const n = Number(text.replace(/[\s\u00a0]/g, '').replace(',', '.'));
  return Number.isFinite(n) ? Math.max(0, Math.floor(n)) : null;
};

function quantityOf(node: XmlNode): number | null {
  const plain = childOf(node, 'Количество');
  if (plain) return countOf(plain.text);
  // 2.05–2.08: <Склад ИдСклада="…" КоличествоНаСкладе="…"/> per warehouse.
  const stores = childrenOf(node, 'Склад').filter((s) => s.attrs['КоличествоНаСкладе'] !== undefined);
  // 2.10 rests: Остатки/Остаток/(Количество | Склад/Количество).
  const rests = childrenOf(childOf(node, 'Остатки'), 'Остаток');
  if (!stores.length && !rests.length) return null;
  let total = 0;
  for (const s of stores) total += countOf(s.attrs['КоличествоНаСкладе']!) ?? 0;
  for (const r of rests) {
    const own = childOf(r, 'Количество');
    if (own) total += countOf(own.text) ?? 0;
    for (const s of childrenOf(r, 'Склад')) total += countOf(textOf(s, 'Количество')) ?? 0;
  }
  return total;
}

export function offerOf(node: XmlNode): Offer {
  const id = textOf(node, 'Ид');
  if (!id) throw new PackageError('У предложения нет Ид');
  const prices: Offer['prices'] = [];
  for (const p of childrenOf(childOf(node, 'Цены'), 'Цена')) {
    const kopecks = kopecksOf(textOf(p, 'ЦенаЗаЕдиницу'));
    if (kopecks === null)
      throw new PackageError(`У предложения ${id} цена «${textOf(p, 'ЦенаЗаЕдиницу')}» — не число`);
    prices.push({ typeId: textOf(p, 'ИдТипаЦены'), kopecks });
  }
  return {
    id,
    goodId: id.split('#')[0]!,
    name: textOf(node, 'Наименование'),
    article: textOf(node, 'Артикул'),
    characteristics: childrenOf(childOf(node, 'ХарактеристикиТовара'), 'ХарактеристикаТовара')
      .map((c) => ({ name: textOf(c, 'Наименование'), value: textOf(c, 'Значение') }))
      .filter((c) => c.name && c.value),
    prices,
    quantity: quantityOf(node),
    deleted: truthy(textOf(node, 'ПометкаУдаления')),
  };
}

/** The file's kind by what it holds (its name may be anything: import.xml, import0_1.xml, offers0_1…). */
export type FileKind = 'catalog' | 'offers' | 'orders';

/** The elements each step collects, by the end of their path. */
export const COLLECTED: Record<FileKind, string[][]> = {
  catalog: [
    ['Классификатор', 'Группы'],
    ['Свойства', 'Свойство'],
    ['Товары', 'Товар'],
    ['ТипыЦен', 'ТипЦены'],
  ],
  offers: [
    ['ТипыЦен', 'ТипЦены'],
    ['Предложения', 'Предложение'],
  ],
  orders: [['КоммерческаяИнформация', 'Документ']],
};

export const collectorOf = (kinds: FileKind[]) => {
  const ends = kinds.flatMap((k) => COLLECTED[k]);
  return (path: string[]) =>
    ends.some(
      (end) => end.length <= path.length && end.every((n, i) => path[path.length - end.length + i] === n),
    );
};

export { at };
