import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openPostgresDialect } from '../../src/db/postgres-dialect.js';
import { availableAdapters, silentLogger } from './adapters.js';

const postgres = availableAdapters().find((adapter) => adapter.name === 'postgres');

/** A migration that rewrites 100,000 articles takes longer than any request may: it runs without their limits. */
describe.runIf(postgres)('migrações no PostgreSQL', () => {
  it('run on a connection without the statement timeout that bounds every request', async () => {
    const store = await postgres!.createStore();
    const dialect = openPostgresDialect(store.url!, silentLogger);
    try {
      const timeoutOf = async (db: typeof dialect.db) => (await sql<{ statement_timeout: string }>`SHOW statement_timeout`.execute(db)).rows[0]!.statement_timeout;
      expect(await timeoutOf(dialect.db)).toBe('10s');
      expect(await dialect.schemaChanges(timeoutOf)).toBe('0');
    } finally {
      await dialect.close();
      await store.destroy();
    }
  });
});
