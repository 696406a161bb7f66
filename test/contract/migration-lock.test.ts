import pg from 'pg';
import pino from 'pino';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { migrate, pendingMigrations } from '../../src/db/migrate.js';
import { MIGRATION_LOCK, openPostgresDialect } from '../../src/db/postgres-dialect.js';
import { POSTGRES_MIGRATIONS } from '../../src/db/migrations/postgres/index.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.js';

const postgresUrl = inject('postgresUrl');

/** A logger whose lines the test reads. */
function capturingLogger() {
  const lines: { msg: string; versao?: number }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { msg: string });
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

describe.runIf(postgresUrl)('migrações no PostgreSQL, uma instância por vez', () => {
  let scratch: ScratchDatabase | undefined;
  afterEach(async () => {
    await scratch?.drop();
    scratch = undefined;
  });

  it('a instância que encontra outra migrando espera, diz isso no log e depois não tem nada a fazer', async () => {
    scratch = await createScratchDatabase(postgresUrl!);
    const holder = new pg.Client({ connectionString: scratch.url });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const { logger, lines } = capturingLogger();
    const dialect = openPostgresDialect(scratch.url, logger);
    try {
      expect((await pendingMigrations(dialect)).map((migration) => migration.version)).toEqual(POSTGRES_MIGRATIONS.map((migration) => migration.version));
      const waiting = migrate(dialect, logger);
      for (let tries = 0; tries < 200 && !lines.some((line) => line.msg.includes('aguardando')); tries += 1) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(lines.map((line) => line.msg)).toEqual(['outra instância está aplicando as migrações; aguardando que termine']);
      await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      const applied = await waiting;
      expect(applied).toHaveLength(POSTGRES_MIGRATIONS.length);
      expect(lines.filter((line) => line.msg === 'migração aplicada').map((line) => line.versao)).toEqual(POSTGRES_MIGRATIONS.map((migration) => migration.version));
      expect(await migrate(dialect, logger)).toEqual([]);
      expect(await pendingMigrations(dialect)).toEqual([]);
    } finally {
      await holder.end();
      await dialect.close();
    }
  });
});
