import { openDatabase } from '../src/platform/db';
import { readSearch } from '../src/domains/catalog/search/readings';
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: 'memory' });
await database.db.execute(`INSERT INTO search_words (word, lexeme, main) VALUES ('бегемот', 'бегемот', false) ON CONFLICT DO NOTHING` as never);
console.log(await readSearch(database.db, process.argv[2]!));
await database.close();
