import type { SqlDialect } from './sql-dialect.js';

/**
 * Applies the pending migrations of the dialect's history, all in one transaction: a database is
 * either at its old version or at the new one. schema_migrations is the table both adapters have
 * kept since their first release, so every existing database upgrades in place.
 */
export async function migrate(dialect: SqlDialect): Promise<void> {
  await dialect.schemaChanges((db) => db.transaction().execute(async (trx) => {
    await dialect.lockMigrations(trx);
    await trx.schema
      .createTable('schema_migrations')
      .ifNotExists()
      .addColumn('version', 'integer', (column) => column.primaryKey())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('applied_at', dialect.timestampType, (column) => column.notNull())
      .execute();
    const applied = new Set((await trx.selectFrom('schema_migrations').select('version').execute()).map((row) => row.version));
    for (const migration of dialect.migrations) {
      if (applied.has(migration.version)) continue;
      await dialect.runScript(trx, migration.sql);
      await trx
        .insertInto('schema_migrations')
        .values({ version: migration.version, name: migration.name, applied_at: new Date().toISOString() })
        .execute();
    }
  }));
}
