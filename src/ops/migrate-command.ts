import type { StorageConfig } from '../config.js';
import { openDialect } from '../db/open.js';
import { latestVersion, migrate, pendingMigrations } from '../db/migrate.js';
import type { Migration } from '../db/sql-dialect.js';
import type { Logger } from '../logger.js';

const listed = (migrations: Migration[]) => migrations.map((migration) => `  ${String(migration.version).padStart(3, '0')} ${migration.name}`).join('\n');

/**
 * `migrate [--dry-run]`: what the server does at start (migrations under the lock), on demand; with
 * --dry-run, only the list of what would run. Answers the text to print.
 */
export async function migrateCommand(config: StorageConfig, logger: Logger, dryRun: boolean): Promise<string> {
  const dialect = openDialect(config, logger);
  try {
    const where = dialect.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : config.sqlitePath;
    if (dryRun) {
      const pending = await pendingMigrations(dialect);
      if (pending.length === 0) return `Nenhuma migração pendente em ${where}: o banco está na versão ${latestVersion(dialect)}.`;
      return `Migrações pendentes em ${where} (${pending.length}), na ordem em que rodariam:\n${listed(pending)}`;
    }
    const ran = await migrate(dialect, logger);
    if (ran.length === 0) return `Nenhuma migração pendente em ${where}: o banco está na versão ${latestVersion(dialect)}.`;
    return `Migrações aplicadas em ${where} (${ran.length}):\n${listed(ran)}`;
  } finally {
    await dialect.close();
  }
}
