// npm run db:migrate: applies pending migrations to the configured database and exits.
import { loadConfig } from '../config';
import { openDatabase } from './index';
import { migrate } from './migrate';

const config = loadConfig();
const database = await openDatabase({ ...config, holder: 'npm run db:migrate' });
const ran = await migrate(database, config.migrationsDir);
console.log(ran.length ? `applied: ${ran.join(', ')}` : 'database is up to date');
await database.close();
