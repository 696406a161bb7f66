import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Driver, type SqliteDatabase } from 'kysely';
import { indexHtml, indexText } from '../lib/search-text.js';
import { queryErrorCounter } from './database-stats.js';
import { TurnTakingDriver } from './sqlite-turns.js';
import { SQLITE_MIGRATIONS } from './migrations/sqlite/index.js';
import type { IndexedArticle, MatchCount, SearchFields, SearchTerm, SqlDialect } from './sql-dialect.js';
import type { Schema } from './schema.js';

/** Distinct SQL texts kept prepared: the repository writes a few dozen. */
const PREPARED_STATEMENTS = 200;

/**
 * Kysely's SQLite driver prepares every statement it runs. Preparing costs more than running the
 * small reads a page makes (decision 014), so statements are kept by their text, as the adapter did
 * by hand before. Every transaction the repository opens writes: it starts IMMEDIATE, taking the write
 * lock at once, so another process's write can never make it fail halfway with SQLITE_BUSY.
 */
function withPreparedStatements(db: Database.Database): SqliteDatabase {
  const prepared = new Map<string, Database.Statement>();
  return {
    close: () => db.close(),
    prepare(text) {
      const source = text === 'begin' ? 'begin immediate' : text;
      let statement = prepared.get(source);
      if (!statement) {
        statement = db.prepare(source);
        if (prepared.size >= PREPARED_STATEMENTS) prepared.delete(prepared.keys().next().value!);
        prepared.set(source, statement);
      }
      return statement;
    },
  };
}

class TurnTakingDialect extends SqliteDialect {
  /** Kysely makes the driver once, as it opens the database. */
  turns: TurnTakingDriver | undefined;

  constructor(
    database: SqliteDatabase,
    private readonly path: string,
  ) {
    super({ database });
  }

  override createDriver(): Driver {
    const driver = new TurnTakingDriver(super.createDriver(), this.path);
    this.turns = driver;
    return driver;
  }
}

const STATISTICS_EVERY_MS = 3_600_000;
/** Rows of one statement writing the index: four parameters each, far below SQLite's limit. */
const INDEX_ROWS_PER_STATEMENT = 100;
/** Articles indexed per transaction when a migration left them waiting. */
const PENDING_PER_STEP = 500;

/**
 * What seeking one article in the search index costs, in matches put in a set: 0.05 ms against 52 ms
 * for a set of 66,667 (a common word at 100,000 articles, the index merged: compactSearchIndex()).
 */
const ROW_SEEK_COST = 100;

const COLUMN_FILTER: Record<SearchFields, string> = { titulo: '{titulo} : ', titulo_descricao: '{titulo descricao} : ', tudo: '' };

/**
 * A prefix that begins more of the index's terms than this stays a prefix: each term of an expansion
 * is sought in its own list for every article a walk tests.
 */
const MAX_EXPANDED_TERMS = 4;

const isPrefix = (term: SearchTerm) => typeof term === 'string' && term.endsWith('*');

/** Each term is [a-z0-9]+ (searchTerms), quoted, `*` after it for a prefix (prefixTerms); FTS5 joins them with AND. */
function matchTerm(term: SearchTerm): string {
  if (typeof term !== 'string') return `(${term.anyOf.map((whole) => `"${whole}"`).join(' OR ')})`;
  return term.endsWith('*') ? `"${term.slice(0, -1)}"*` : `"${term}"`;
}

function matchExpression(terms: SearchTerm[], fields: SearchFields, except?: SearchFields): string {
  const all = (columns: SearchFields) => `${COLUMN_FILTER[columns]}(${terms.map(matchTerm).join(' AND ')})`;
  return except ? `${all(fields)} NOT ${all(except)}` : all(fields);
}

const matchSet = (terms: SearchTerm[], fields: SearchFields, except?: SearchFields) =>
  sql<boolean>`id IN (SELECT rowid FROM artigos_indice WHERE artigos_indice MATCH ${matchExpression(terms, fields, except)})`;

/** The same set, tested on each article of a walk: `+id` keeps the planner from starting with the set instead. */
const inMatchSet = (terms: SearchTerm[], fields: SearchFields, except?: SearchFields) =>
  sql<boolean>`+id IN (SELECT rowid FROM artigos_indice WHERE artigos_indice MATCH ${matchExpression(terms, fields, except)})`;

async function writeIndex(executor: Kysely<Schema>, articles: IndexedArticle[]): Promise<void> {
  if (articles.length === 0) return;
  await sql`DELETE FROM artigos_indice WHERE rowid IN (${sql.join(articles.map((article) => article.id))})`.execute(executor);
  const rows = articles.map(
    (article) => sql`(${article.id}, ${indexText(article.titulo)}, ${indexText(article.descricao)}, ${indexHtml(article.conteudo)})`,
  );
  await sql`INSERT INTO artigos_indice (rowid, titulo, descricao, corpo) VALUES ${sql.join(rows)}`.execute(executor);
}

/**
 * The embedded database (creating its file if needed). WAL with synchronous=FULL: a commit is on disk
 * before a write resolves, so an acknowledged article survives kill -9 and power loss alike.
 */
export function openSqliteDialect(path: string): SqlDialect {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const file = new Database(path);
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  // SQLite's advice for long-lived connections: statistics refreshed at open and then hourly, each
  // time only for tables that grew or shrank a lot since they were taken, and from a sample (1.3 ms at
  // 100,000 articles instead of 147 ms for a full ANALYZE, with the same plans).
  file.pragma('analysis_limit = 400');
  file.pragma('optimize = 0x10002');
  const refresh = setInterval(() => file.pragma('optimize'), STATISTICS_EVERY_MS).unref();
  const dialect = new TurnTakingDialect(withPreparedStatements(file), path);
  const queryErrors = queryErrorCounter();
  const db = new Kysely<Schema>({ dialect, log: queryErrors.log });
  return {
    kind: 'sqlite',
    db,
    migrations: SQLITE_MIGRATIONS,
    timestampType: 'text',
    // One file, one connection: a migration waits for nothing but the write lock.
    schemaChanges: (work) => work(db),
    // Kysely runs one statement per call; a script goes to the same connection, inside the open transaction.
    runScript: async (_trx, script) => {
      file.exec(script);
    },
    // BEGIN IMMEDIATE already holds the database's only write lock.
    lockMigrations: async () => undefined,
    async nextArticleId() {
      const { rows } = await sql<{ seq: number }>`SELECT seq FROM sqlite_sequence WHERE name = 'artigos'`.execute(db);
      return (rows[0]?.seq ?? 0) + 1;
    },
    searchMatch: matchSet,
    // FTS5 seeks each term's list to the one rowid, without building the whole set of matches, but each
    // seek costs as much as putting hundreds of matches in a set (ROW_SEEK_COST). A prefix cannot be
    // sought: FTS5 merges the lists of every term it begins each time it is asked, so for each article
    // tested (60 ms for a common word at 20,000 articles); expandPrefixes() turns most into terms.
    rowMatches: (terms, fields, except, walk) =>
      terms.some(isPrefix) || (walk && walk.rows * ROW_SEEK_COST > walk.matches)
        ? inMatchSet(terms, fields, except)
        : sql<boolean>`EXISTS (SELECT 1 FROM artigos_indice WHERE artigos_indice MATCH ${matchExpression(terms, fields, except)} AND rowid = artigos.id)`,
    // Every article has its row in the index (the repository writes both in one transaction). Measured at
    // 100,000 articles and 5,000 not public, `agend` (66,667 matches): 2.4 ms counted, and testing each
    // match in the set of those articles (built once, 0.7 ms) adds a few; seeking each of them in the
    // index instead, 52 ms.
    async countMatches(terms, fields, among) {
      const expression = matchExpression(terms, fields);
      const amongThem = among ? sql`count(*) FILTER (WHERE +rowid IN (${among}))` : sql`0`;
      const { rows } = await sql<MatchCount>`SELECT count(*) AS matches, ${amongThem} AS among FROM artigos_indice WHERE artigos_indice MATCH ${expression}`.execute(db);
      return rows[0]!;
    },
    // Measured at 100,000 articles, `agend*` (66,667 matches): the editors' list built the set of the
    // prefix's matches for its walk (22.4 ms); its one term, sought article by article, 0.7 ms. Finding
    // the terms reads their lists in the vocabulary (migration 24): 2.9 ms.
    expandPrefixes(terms) {
      return Promise.all(
        terms.map(async (term) => {
          if (!isPrefix(term)) return term;
          const prefix = term.slice(0, -1);
          // Terms are [a-z0-9]+, all below '{': the terms from the prefix up to the prefix and '{' are those it begins.
          const { rows } = await sql<{ term: string }>`SELECT term FROM artigos_indice_termos WHERE term >= ${prefix} AND term < ${`${prefix}{`} LIMIT ${MAX_EXPANDED_TERMS + 1}`.execute(db);
          return rows.length > 0 && rows.length <= MAX_EXPANDED_TERMS ? { anyOf: rows.map((row) => row.term) } : term;
        }),
      );
    },
    indexArticles: writeIndex,
    async compactSearchIndex() {
      await sql`INSERT INTO artigos_indice (artigos_indice) VALUES ('optimize')`.execute(db);
    },
    async indexPending() {
      for (;;) {
        const rows = await db
          .selectFrom('indice_pendente')
          .innerJoin('artigos', 'artigos.id', 'indice_pendente.id')
          .select(['artigos.id', 'titulo', 'descricao', 'conteudo'])
          .limit(PENDING_PER_STEP)
          .execute();
        if (rows.length === 0) return;
        await db.transaction().execute(async (trx) => {
          for (let start = 0; start < rows.length; start += INDEX_ROWS_PER_STATEMENT) {
            await writeIndex(trx, rows.slice(start, start + INDEX_ROWS_PER_STATEMENT));
          }
          await trx.deleteFrom('indice_pendente').where('id', 'in', rows.map((row) => row.id)).execute();
        });
      }
    },
    jsonText: (column, key) => sql<string>`json_extract(${sql.ref(column)}, ${`$.${key}`})`,
    // One process writes the file: its own events are all there is.
    announce: async () => undefined,
    listen: async () => undefined,
    refreshStatistics: async () => {
      file.pragma('optimize');
    },
    stats: {
      pool: () => dialect.turns?.poolStats() ?? { total: 1, idle: 1, waiting: 0 },
      queryErrors: queryErrors.counts,
    },
    close: () => {
      clearInterval(refresh);
      return db.destroy();
    },
  };
}
