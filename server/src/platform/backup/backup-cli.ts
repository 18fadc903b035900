// npm run db:backup -- [--out FILE]: writes a backup of the configured database and pictures (commands.ts).
import { BACKUP_USAGE, backupCommand, runCli } from './commands';

await runCli(backupCommand, BACKUP_USAGE);
