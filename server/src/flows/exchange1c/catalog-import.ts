// `mode=import` of a catalogue, in steps that each stop after a time budget and answer `progress` (1C
// calls again) until the file is in: unpack the archives, check every file of the package (a broken one
// fails the package before anything is written), the classifier, then the goods or offers in batches, then,
// after a full catalogue, hide what 1C no longer has. Where a step stopped is kept in the run's row, so any
// instance takes the next call.
import { and, eq, lt, sql } from 'drizzle-orm';
import { selectRows } from '../../platform/db';
import { exchange1cLinks, products } from '../../../generated/tables';
import { settingsRow } from '../../domains/settings';
import { updateRecord } from '../../platform/crud/service';
import { applyGroups, applyProperties } from './classifier';
import {
  collectorOf,
  type FileKind,
  goodOf,
  groupsOf,
  offerOf,
  PackageError,
  priceTypeOf,
  propertyOf,
} from './commerceml';
import { crudOf, type Exchange } from './context';
import { filesOf, markFile, partsOf, type RunFile, unpack } from './files';
import { applyGoods } from './goods';
import { norm } from './names';
import { applyOffers } from './offers';
import { xmlEvents, XmlFormatError } from './xml-stream';

export interface FileCheck {
  kind: FileKind | 'other';
  items: number;
  full: boolean;
}

export interface CatalogState {
  /** A broken package: every later import of the run answers this. */
  failed?: string;
  unpacked?: string[];
  checked?: Record<string, FileCheck>;
  /** ТипыЦен of every file checked: Ид → Наименование. */
  priceTypes?: Record<string, string>;
  current?: { file: string; stage: 'classifier' | 'items' | 'deactivate'; done: number };
  imported?: string[];
  /** When the run's first import began: a full catalogue hides the goods 1C has not sent since. */
  startedAt?: string;
}

export type StepAnswer = { answer: 'success' | 'progress' | 'failure'; message: string };

const BATCH = 100;
const ORDER: [RegExp, number][] = [
  [/(^|\/)import[^/]*\.xml$/i, 0],
  [/(^|\/)offers[^/]*\.xml$/i, 1],
  [/(^|\/)prices[^/]*\.xml$/i, 2],
  [/(^|\/)rests[^/]*\.xml$/i, 3],
];
/** import before offers before prices before rests, whatever order 1C names them in. */
const rank = (name: string) => ORDER.find(([re]) => re.test(name))?.[1] ?? 4;

/** What a file is, by what it holds; its goods or offers counted; whether it is a full one. */
async function checkFile(ex: Exchange, file: RunFile, state: CatalogState): Promise<FileCheck> {
  let kind: FileCheck['kind'] = 'other';
  let full = false;
  let items = 0;
  let root = '';
  let hasPrices = false;
  const collect = collectorOf(['catalog', 'offers']);
  for await (const e of xmlEvents(partsOf(ex.storage, file), collect)) {
    if (e.kind === 'open') {
      if (e.path.length === 1) root = e.path[0]!;
      if (e.path.length === 2 && e.path[1] === 'Каталог') {
        kind = 'catalog';
        full = e.attrs['СодержитТолькоИзменения'] !== 'true';
      }
      if (e.path.length === 2 && e.path[1] === 'ПакетПредложений') {
        kind = 'offers';
        full = e.attrs['СодержитТолькоИзменения'] !== 'true';
      }
      if (e.path.length === 2 && e.path[1] === 'Классификатор' && kind === 'other') kind = 'catalog';
      continue;
    }
    const name = e.node.name;
    if (name === 'Группы') groupsOf(e.node);
    else if (name === 'Свойство') propertyOf(e.node);
    else if (name === 'Товар') {
      goodOf(e.node);
      items++;
    } else if (name === 'ТипЦены') {
      const t = priceTypeOf(e.node);
      if (t.id) state.priceTypes = { ...state.priceTypes, [t.id]: t.name };
    } else if (name === 'Предложение') {
      hasPrices ||= offerOf(e.node).prices.length > 0;
      items++;
    }
  }
  if (root !== 'КоммерческаяИнформация')
    throw new PackageError(
      `Это не файл CommerceML: корневой элемент «${root}», а не «КоммерческаяИнформация»`,
    );
  if (hasPrices && !(await priceTypeId(ex, state))) throw new PackageError(await missingPriceType(ex, state));
  return { kind, items, full };
}

/** The Ид of the price type the settings name (by Ид or by name), among those the package described. */
async function priceTypeId(ex: Exchange, state: CatalogState): Promise<string | null> {
  const wanted = (await settingsRow(ex.db))?.exchange1cPriceType ?? 'Розничная';
  const types = Object.entries(state.priceTypes ?? {});
  return (
    (types.find(([id]) => id === wanted) ?? types.find(([, name]) => norm(name) === norm(wanted)))?.[0] ??
    null
  );
}

async function missingPriceType(ex: Exchange, state: CatalogState): Promise<string> {
  const wanted = (await settingsRow(ex.db))?.exchange1cPriceType ?? 'Розничная';
  const names = Object.values(state.priceTypes ?? {});
  return (
    `В пакете нет типа цен «${wanted}» (Настройки → Обмен с 1С): ` +
    (names.length ? `есть ${names.map((n) => `«${n}»`).join(', ')}` : 'типы цен не описаны')
  );
}

const isXml = (name: string) => /\.xml$/i.test(name);

/** The run's files by name; archives not yet unpacked are unpacked first (one step). */
async function prepare(
  ex: Exchange,
  state: CatalogState,
): Promise<{ files: Map<string, RunFile>; note: string | null }> {
  let files = await filesOf(ex.db, ex.runId);
  const archives = files.filter((f) => /\.zip$/i.test(f.name) && !(state.unpacked ?? []).includes(f.name));
  const notes: string[] = [];
  for (const a of archives) {
    const names = await unpack(ex.db, ex.storage, a);
    state.unpacked = [...(state.unpacked ?? []), a.name];
    notes.push(`Архив ${a.name} распакован: файлов ${names.length}`);
  }
  if (archives.length) files = await filesOf(ex.db, ex.runId);
  return { files: new Map(files.map((f) => [f.name, f])), note: notes.length ? notes.join('; ') : null };
}

/** Goods or offers of a file past the first `skip`, in batches, until the budget is spent or the file ends. */
async function importItems(
  ex: Exchange,
  file: RunFile,
  files: Map<string, RunFile>,
  state: CatalogState,
  skip: number,
  deadline: number,
): Promise<{ done: number; finished: boolean }> {
  const collect = collectorOf(['catalog', 'offers']);
  const priceType = await priceTypeId(ex, state);
  let seen = 0;
  let done = skip;
  let goods: ReturnType<typeof goodOf>[] = [];
  let offers: ReturnType<typeof offerOf>[] = [];
  const flush = async () => {
    // One Ид once per batch: the last of its elements wins, as it would written one after the other.
    if (goods.length) await applyGoods(ex, [...new Map(goods.map((g) => [g.id, g])).values()], files);
    if (offers.length) await applyOffers(ex, [...new Map(offers.map((o) => [o.id, o])).values()], priceType);
    done += goods.length + offers.length;
    goods = [];
    offers = [];
  };
  for await (const e of xmlEvents(partsOf(ex.storage, file), collect)) {
    if (e.kind !== 'element' || (e.node.name !== 'Товар' && e.node.name !== 'Предложение')) continue;
    if (seen++ < skip) continue;
    if (e.node.name === 'Товар') goods.push(goodOf(e.node));
    else offers.push(offerOf(e.node));
    if (goods.length + offers.length >= BATCH) {
      await flush();
      if (Date.now() > deadline) return { done, finished: false };
    }
  }
  await flush();
  return { done, finished: true };
}

/** The classifier of a catalogue file: its groups and properties, before its goods. */
async function importClassifier(ex: Exchange, file: RunFile): Promise<string> {
  const groups: ReturnType<typeof groupsOf> = [];
  const properties: ReturnType<typeof propertyOf>[] = [];
  for await (const e of xmlEvents(partsOf(ex.storage, file), collectorOf(['catalog']))) {
    if (e.kind !== 'element') continue;
    if (e.node.name === 'Группы') groups.push(...groupsOf(e.node));
    if (e.node.name === 'Свойство') properties.push(propertyOf(e.node));
  }
  const changed = await applyGroups(ex, groups);
  await applyProperties(ex, properties);
  return `Классификатор: групп ${groups.length} (изменено ${changed}), свойств ${properties.length}`;
}

/**
 * After a full catalogue: the products of goods 1C did not send in this exchange are hidden (never deleted;
 * products the shop made itself are not 1C's and are left alone), in batches until the budget is spent.
 */
async function hideAbsent(ex: Exchange, state: CatalogState, deadline: number) {
  let hidden = 0;
  for (;;) {
    const absent = await ex.db
      .select({ id: products.id })
      .from(exchange1cLinks)
      .innerJoin(products, eq(products.id, exchange1cLinks.localId))
      .where(
        and(
          eq(exchange1cLinks.kind, 'product'),
          lt(exchange1cLinks.updatedAt, new Date(state.startedAt!)),
          eq(products.active, true),
        ),
      )
      .limit(BATCH);
    for (const { id } of absent) await updateRecord(crudOf(ex, 'products'), id, { active: false });
    hidden += absent.length;
    if (absent.length < BATCH) return { hidden, more: false };
    if (Date.now() > deadline) return { hidden, more: true };
  }
}

/** One `mode=import` call of a catalogue exchange for `name` (an XML of the package, or an archive of it). */
export async function catalogImportStep(
  ex: Exchange,
  state: CatalogState,
  name: string,
  budgetMs: number,
): Promise<StepAnswer> {
  const deadline = Date.now() + budgetMs;
  if (state.failed) return { answer: 'failure', message: state.failed };
  // The database's clock: the links' times it is compared with are the database's.
  state.startedAt ??= (await selectRows<{ now: string }>(ex.db, sql`select now()::text as now`))[0]!.now;
  let prepared: Awaited<ReturnType<typeof prepare>>;
  try {
    prepared = await prepare(ex, state);
  } catch (e) {
    if (!(e instanceof PackageError)) throw e;
    state.failed = e.message;
    return { answer: 'failure', message: e.message };
  }
  const { files } = prepared;
  if (prepared.note) return { answer: 'progress', message: prepared.note };

  // The whole package is checked before anything of it is written.
  const unchecked = [...files.values()].filter((f) => isXml(f.name) && !state.checked?.[f.name]);
  for (const f of unchecked.sort((a, b) => rank(a.name) - rank(b.name))) {
    try {
      state.checked = { ...state.checked, [f.name]: await checkFile(ex, f, state) };
    } catch (e) {
      if (!(e instanceof PackageError) && !(e instanceof XmlFormatError)) throw e;
      state.failed = `Файл ${f.name}: ${e.message}. Ничего не загружено`;
      await markFile(ex.db, ex.runId, f.name, 'failed', state.failed);
      return { answer: 'failure', message: state.failed };
    }
  }
  if (unchecked.length)
    return {
      answer: 'progress',
      message: `Проверено файлов: ${unchecked.length} (${unchecked.map((f) => f.name).join(', ')})`,
    };

  const asked = files.get(name);
  if (!asked) return { answer: 'failure', message: `Файл ${name} не получен: сначала mode=file` };
  const queue = isXml(name)
    ? [name]
    : [...files.values()]
        .filter((f) => f.fromArchive === name && isXml(f.name))
        .map((f) => f.name)
        .sort((a, b) => rank(a) - rank(b));
  const notes: string[] = [];
  for (const fileName of queue) {
    if (state.imported?.includes(fileName)) continue;
    const file = files.get(fileName)!;
    const check = state.checked![fileName]!;
    const current: NonNullable<CatalogState['current']> =
      state.current?.file === fileName ? state.current : { file: fileName, stage: 'classifier', done: 0 };
    state.current = current;
    if (current.stage === 'classifier') {
      if (check.kind === 'catalog') notes.push(await importClassifier(ex, file));
      current.stage = 'items';
      if (Date.now() > deadline) return { answer: 'progress', message: notes.join('; ') };
    }
    if (current.stage === 'items') {
      const { done, finished } = await importItems(ex, file, files, state, current.done, deadline);
      current.done = done;
      const what = check.kind === 'catalog' ? 'товаров' : 'предложений';
      if (!finished)
        return { answer: 'progress', message: `${fileName}: загружено ${what} ${done} из ${check.items}` };
      notes.push(`${fileName}: загружено ${what} ${done}`);
      const hides =
        check.kind === 'catalog' &&
        check.full &&
        ((await settingsRow(ex.db))?.exchange1cDeactivateAbsent ?? true);
      // After the last full catalogue file the run knows of: split packages send several.
      const lastCatalog = ![...files.keys()].some(
        (n) => n !== fileName && state.checked?.[n]?.kind === 'catalog' && !state.imported?.includes(n),
      );
      if (hides && lastCatalog) Object.assign(current, { stage: 'deactivate', done: 0 });
      else {
        state.imported = [...(state.imported ?? []), fileName];
        state.current = undefined;
        await markFile(ex.db, ex.runId, fileName, 'imported', notes.at(-1)!);
        continue;
      }
    }
    if (current.stage === 'deactivate') {
      const { hidden, more } = await hideAbsent(ex, state, deadline);
      current.done += hidden;
      if (more)
        return {
          answer: 'progress',
          message: `${fileName}: снято с публикации товаров, которых нет в выгрузке: ${current.done}`,
        };
      notes.push(`снято с публикации товаров, которых нет в полной выгрузке: ${current.done}`);
      state.imported = [...(state.imported ?? []), fileName];
      state.current = undefined;
      await markFile(ex.db, ex.runId, fileName, 'imported', notes.join('; '));
    }
  }
  return { answer: 'success', message: notes.join('; ') || `${name}: уже загружен` };
}
