import type { Kysely } from 'kysely';
import type { Logger } from '../logger.js';
import type { Schema } from './schema.js';
import type { Migration, SqlDialect } from './sql-dialect.js';

/** The versions a database has applied; none when it has no schema yet. */
async function appliedVersions(db: Kysely<Schema>): Promise<Set<number>> {
  const tables = await db.introspection.getTables();
  if (!tables.some((table) => table.name === 'schema_migrations')) return new Set();
  return new Set((await db.selectFrom('schema_migrations').select('version').execute()).map((row) => Number(row.version)));
}

/** The migrations of this release that the database has not applied yet, in the order they would run. */
export async function pendingMigrations(dialect: SqlDialect): Promise<Migration[]> {
  const applied = await dialect.schemaChanges(appliedVersions);
  return dialect.migrations.filter((migration) => !applied.has(migration.version));
}

/**
 * Applies the pending migrations of the dialect's history, all in one transaction: a database is
 * either at its old version or at the new one. Every instance runs this at start; on PostgreSQL an
 * advisory lock makes a second instance wait (and say so) until the first has finished, then find
 * nothing left to do. schema_migrations is the table both adapters have kept since their first release,
 * so every existing database upgrades in place. Answers what was applied.
 */
export async function migrate(dialect: SqlDialect, logger: Logger): Promise<Migration[]> {
  const ran = await dialect.schemaChanges((db) =>
    db.transaction().execute(async (trx) => {
      await dialect.lockMigrations(trx, () => logger.info('outra instância está aplicando as migrações; aguardando que termine'));
      await trx.schema
        .createTable('schema_migrations')
        .ifNotExists()
        .addColumn('version', 'integer', (column) => column.primaryKey())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('applied_at', dialect.timestampType, (column) => column.notNull())
        .execute();
      const applied = await appliedVersions(trx);
      const pending = dialect.migrations.filter((migration) => !applied.has(migration.version));
      for (const migration of pending) {
        const started = performance.now();
        await dialect.runScript(trx, migration.sql);
        await trx
          .insertInto('schema_migrations')
          .values({ version: migration.version, name: migration.name, applied_at: new Date().toISOString() })
          .execute();
        logger.info({ versao: migration.version, nome: migration.name, ms: Math.round(performance.now() - started) }, 'migração aplicada');
      }
      return pending;
    }),
  );
  return ran;
}

/** The highest schema version a database has applied (0 for none). */
export async function schemaVersion(db: Kysely<Schema>): Promise<number> {
  const versions = await appliedVersions(db);
  return versions.size === 0 ? 0 : Math.max(...versions);
}

/** The newest version this release knows. */
export const latestVersion = (dialect: SqlDialect): number => Math.max(0, ...dialect.migrations.map((migration) => migration.version));
