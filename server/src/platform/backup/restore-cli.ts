// npm run db:restore -- FILE [--force]: restores a backup into the configured, empty database (commands.ts).
import { RESTORE_USAGE, restoreCommand, runCli } from './commands';

await runCli(restoreCommand, RESTORE_USAGE);
