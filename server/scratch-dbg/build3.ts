import { openDatabase } from '../src/platform/db';
import { loadAllProducts } from '../src/domains/catalog/read-model/load';
import { CatalogIndex, type ProductFacts } from '../src/domains/catalog/read-model/catalog-index';
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: 'memory' });
const all: ProductFacts[] = [];
await loadAllProducts(database.db, (p) => all.push(p));
for (const words of [true, false, true]) {
  const t = performance.now();
  const index = new CatalogIndex();
  for (const p of all) index.put(p.id, words ? p : { ...p, words: [], title: null });
  console.log(words ? 'put with words' : 'put without', (performance.now() - t).toFixed(0));
}
await database.close();
