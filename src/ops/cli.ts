import { ConfigError, loadStorageConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { backupCommand } from './backup-command.js';
import { migrateCommand } from './migrate-command.js';
import { OpsError } from './ops-error.js';
import { restoreCommand } from './restore-command.js';

const USAGE = 'Uso: node dist/server/ops.js migrate [--dry-run] | backup <arquivo> | restore <arquivo>';

/** The operators' commands, on the database the environment configures (the same variables as the server). Answers the exit code. */
export async function runOps(args: string[], out: (text: string) => void, err: (text: string) => void): Promise<number> {
  const [command, ...rest] = args;
  try {
    const config = loadStorageConfig();
    const logger = createLogger(config);
    if (command === 'migrate') out(await migrateCommand(config, logger, rest.includes('--dry-run')));
    else if (command === 'backup') out(await backupCommand(config, rest[0]));
    else if (command === 'restore') out(await restoreCommand(config, rest[0]));
    else {
      err(USAGE);
      return 2;
    }
    return 0;
  } catch (error) {
    if (error instanceof OpsError || error instanceof ConfigError) {
      err(error.message);
      return 1;
    }
    throw error;
  }
}
