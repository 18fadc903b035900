// The orders' side of the exchange (type=sale): query gives the orders not yet taken, success marks those
// it gave as taken (never query itself: a query repeated without success gives the same orders again), and
// 1C's document of changes moves the orders (orders-in.ts).
import { sql } from 'drizzle-orm';
import { exchange1cOrders } from '../../../generated/tables';
import type { Config } from '../../platform/config';
import type { Exchange } from './context';
import { collectorOf, PackageError } from './commerceml';
import { partsOf, type RunFile } from './files';
import { applyOrderChange, orderChangeOf } from './orders-in';
import { ordersDocument, ordersToTake } from './orders-out';
import { xmlEvents, XmlFormatError } from './xml-stream';

export interface SaleState {
  /** What the last query gave: order ids and the state (updatedAt) each was given in. */
  given?: { id: number; version: string }[];
}

export async function queryOrders(ex: Exchange, state: SaleState): Promise<{ xml: string; count: number }> {
  const take = await ordersToTake(ex.db);
  state.given = take.map((o) => ({ id: o.id, version: o.version }));
  return {
    xml: await ordersDocument(
      ex.db,
      take.map((o) => o.id),
    ),
    count: take.length,
  };
}

export async function confirmOrders(ex: Exchange, state: SaleState): Promise<number> {
  const given = state.given ?? [];
  if (given.length)
    await ex.db
      .insert(exchange1cOrders)
      .values(
        given.map((g) => ({
          orderId: g.id,
          takenAt: new Date(),
          takenVersion: sql`${g.version}::timestamptz`,
        })),
      )
      .onConflictDoUpdate({
        target: exchange1cOrders.orderId,
        set: {
          takenAt: sql`excluded.taken_at`,
          takenVersion: sql`excluded.taken_version`,
          updatedAt: sql`now()`,
        },
      });
  state.given = [];
  return given.length;
}

/**
 * Reads 1C's document of changes whole before applying any of it (a broken file changes nothing), then
 * applies each order's change; answers what happened, order by order.
 */
export async function importOrderChanges(ex: Exchange, config: Config, file: RunFile): Promise<string[]> {
  const changes = [];
  try {
    let root = '';
    for await (const e of xmlEvents(partsOf(ex.storage, file), collectorOf(['orders']))) {
      if (e.kind === 'open' && e.path.length === 1) root = e.path[0]!;
      if (e.kind === 'element') changes.push(orderChangeOf(e.node));
    }
    if (root !== 'КоммерческаяИнформация')
      throw new PackageError(
        `Это не файл CommerceML: корневой элемент «${root}», а не «КоммерческаяИнформация»`,
      );
  } catch (e) {
    if (e instanceof XmlFormatError) throw new PackageError(e.message);
    throw e;
  }
  const said: string[] = [];
  for (const change of changes) said.push(await applyOrderChange(ex, config, change));
  return said;
}
