import { openDatabase } from '../src/platform/db';
import { benchReadModel } from '../../bench/catalog-scale';
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: 'memory' });
console.log(await benchReadModel(database));
await database.close();
