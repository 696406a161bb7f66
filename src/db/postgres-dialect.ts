import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Logger } from '../logger.js';
import { queryErrorCounter } from './database-stats.js';
import { listenForChanges, type ChangeListener } from './postgres-listener.js';
import { POSTGRES_MIGRATIONS } from './migrations/postgres/index.js';
import type { RepositoryEvent } from './repository.js';
import type { MatchCount, SearchFields, SearchTerm, SqlDialect } from './sql-dialect.js';
import type { Schema } from './schema.js';

export const CHANGES_CHANNEL = 'artigos_alterados';
const CONNECT_TIMEOUT_MS = 2_000;
/** Any constant works: it only serialises concurrent start-ups of several instances (exported for the test that holds it). */
export const MIGRATION_LOCK = 4_242_001;

/**
 * The vector of each set of fields in the narrow table of migration 22. Asked without weights, a GIN
 * index answers without reading the vectors again, and a count reads only the narrow table's pages.
 */
const VECTOR: Record<SearchFields, string> = { titulo: 'artigos_termos.titulo', titulo_descricao: 'artigos_termos.resumo', tudo: 'artigos_termos.tudo' };

/** Each term is [a-z0-9]+ (searchTerms), `*` after it for a prefix (prefixTerms): a parameter, never spliced into SQL. */
const tsquery = (terms: SearchTerm[]) =>
  terms
    .map((term) => (typeof term !== 'string' ? `(${term.anyOf.join(' | ')})` : term.endsWith('*') ? `${term.slice(0, -1)}:*` : term))
    .join(' & ');

/** The condition on a row of artigos_termos. */
function holds(terms: SearchTerm[], fields: SearchFields, except?: SearchFields) {
  const query = sql`to_tsquery('simple', ${tsquery(terms)})`;
  const all = sql<boolean>`${sql.ref(VECTOR[fields])} @@ ${query}`;
  return except ? sql<boolean>`${all} AND NOT ${sql.ref(VECTOR[except])} @@ ${query}` : all;
}

const TIMESTAMPTZ = 1184;
const JSONB = 3802;
const INT8 = 20;
const readTimestamp = pg.types.getTypeParser(TIMESTAMPTZ) as (value: string) => unknown;

/**
 * Rows read as the embedded database reads them, so that the repository converts nothing: instants as
 * ISO 8601 strings, JSON as its text, counts (bigint) as numbers.
 */
const TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === TIMESTAMPTZ) return (value: string) => (readTimestamp(value) as Date).toISOString();
    if (oid === JSONB) return (value: string) => value;
    if (oid === INT8) return Number;
    return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
  }) as pg.CustomTypesConfig['getTypeParser'],
};

interface ChangeNotice {
  origin: string;
  event: RepositoryEvent;
}

/**
 * The shared database: a pool for queries, and a LISTEN connection so that writes made by other
 * instances reach the repository's subscribers too.
 */
export function openPostgresDialect(connectionString: string, logger: Logger): SqlDialect {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    // A stuck server or statement must fail the request, not hold it (and a pooled client) forever.
    statement_timeout: 10_000,
    query_timeout: 15_000,
    types: TYPES,
  });
  // An idle client that loses its server emits here; without a listener the process would crash.
  pool.on('error', (error) => logger.warn({ err: error }, 'conexão ociosa do PostgreSQL perdida'));
  // A normal stop (pg_ctl -m fast, docker stop) first sends each session 57P01, which the pool's own
  // listener takes (above) and then removes; the closing socket then makes the same client emit
  // "Connection terminated unexpectedly" with nobody listening, which ended the process. Every client
  // keeps a listener of its own for its whole life; the pool drops the broken ones by itself.
  pool.on('connect', (client) => {
    client.on('error', (error) => logger.debug({ err: error }, 'conexão do PostgreSQL encerrada'));
  });
  const queryErrors = queryErrorCounter();
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }), log: queryErrors.log });
  const origin = randomUUID();
  let listener: ChangeListener | undefined;

  const receive = (payload: string, onEvent: (event: RepositoryEvent) => void) => {
    let notice: ChangeNotice;
    try {
      notice = JSON.parse(payload) as ChangeNotice;
    } catch (error) {
      logger.warn({ err: error, payload }, 'aviso de alteração ilegível');
      return;
    }
    // This instance already announced its own writes right after they committed.
    if (notice.origin !== origin) onEvent(notice.event);
  };

  return {
    kind: 'postgres',
    db,
    migrations: POSTGRES_MIGRATIONS,
    timestampType: 'timestamptz',
    // The pool's timeouts bound a request, not a schema change: migration 22 rewrites every article's
    // search vectors (48 s at 100,000 articles), and a timeout would stop every instance at its start.
    async schemaChanges(work) {
      const schemaPool = new pg.Pool({ connectionString, max: 1, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, types: TYPES });
      schemaPool.on('error', (error) => logger.warn({ err: error }, 'conexão de migração do PostgreSQL perdida'));
      const schemaDb = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: schemaPool }) });
      try {
        return await work(schemaDb);
      } finally {
        await schemaDb.destroy();
      }
    },
    // Without parameters pg uses the simple protocol, which runs a script of several statements.
    runScript: async (trx, script) => {
      await sql.raw(script).execute(trx);
    },
    async lockMigrations(trx, onWait) {
      const { rows } = await sql<{ taken: boolean }>`SELECT pg_try_advisory_xact_lock(${MIGRATION_LOCK}) AS taken`.execute(trx);
      if (rows[0]?.taken) return;
      onWait();
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    },
    async nextArticleId() {
      const { rows } = await sql<{ next: number }>`SELECT (COALESCE(pg_sequence_last_value(
        pg_get_serial_sequence('artigos', 'id')::regclass), 0) + 1)::int AS next`.execute(db);
      return rows[0]!.next;
    },
    // The terms are already PostgreSQL's Portuguese stems ([a-z0-9]+, searchTerms): 'simple' takes them as they are.
    searchMatch: (terms, fields, except) => sql<boolean>`id IN (SELECT id FROM artigos_termos WHERE ${holds(terms, fields, except)})`,
    rowMatches: (terms, fields, except) =>
      sql<boolean>`EXISTS (SELECT 1 FROM artigos_termos WHERE artigos_termos.id = artigos.id AND ${holds(terms, fields, except)})`,
    // For a common word the planner may prefer reading the whole table, the body's vectors out of line
    // (50 ms at 10,000 articles): the index is made its only way. `among` is a hashed set each match is
    // looked up in, in the same reading of the index.
    async countMatches(terms, fields, among) {
      const amongThem = among ? sql`count(*) FILTER (WHERE id IN (${among}))` : sql`0`;
      return db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const { rows } = await sql<MatchCount>`SELECT count(*)::int AS matches, (${amongThem})::int AS among FROM artigos_termos WHERE ${holds(terms, fields)}`.execute(trx);
        return rows[0]!;
      });
    },
    expandPrefixes: async (terms) => terms,
    // The trigger of migration 22 indexes every row as it is written.
    indexArticles: async () => undefined,
    // GIN merges its pending list by itself (autovacuum, or when the list is full).
    compactSearchIndex: async () => undefined,
    indexPending: async () => undefined,
    jsonText: (column, key) => sql<string>`${sql.ref(column)}->>${key}`,
    async announce(trx, event) {
      await sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify({ origin, event } satisfies ChangeNotice)})`.execute(trx);
    },
    async listen(onEvent) {
      listener = listenForChanges(connectionString, CHANGES_CHANNEL, (payload) => receive(payload, onEvent), logger);
      await listener.ready;
    },
    // Autovacuum would get there within a minute; a bulk import should not wait for it.
    async refreshStatistics() {
      await sql`ANALYZE artigos`.execute(db);
    },
    stats: {
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      queryErrors: queryErrors.counts,
    },
    async close() {
      await listener?.close();
      await db.destroy();
    },
  };
}
