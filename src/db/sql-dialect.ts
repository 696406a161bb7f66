import type { ColumnDataType, Kysely, RawBuilder, SelectQueryBuilder, Transaction } from 'kysely';
import type { DatabaseStats } from './database-stats.js';
import type { RepositoryEvent } from './repository.js';
import type { Schema } from './schema.js';

/** The title alone, the title and the description, or everything indexed (the body too). */
export type SearchFields = 'titulo' | 'titulo_descricao' | 'tudo';

/**
 * A term as the search asks it: a whole term of the index (searchTerms), a prefix (`prontu*`,
 * prefixTerms), or the index's own terms that a prefix begins, any one of which will do (expandPrefixes).
 */
export type SearchTerm = string | { anyOf: string[] };

export interface WalkEstimate {
  rows: number;
  matches: number;
}

/** Some articles, by id: those not public at an instant, say. */
export type ArticleIds = SelectQueryBuilder<Schema, 'artigos', { id: number }>;

/** Matches in the search index, in any state, and how many of them are among some articles. */
export interface MatchCount {
  matches: number;
  among: number;
}

export interface IndexedArticle {
  id: number;
  titulo: string;
  descricao: string;
  conteudo: string;
}

/** A released schema change. Append only: a released migration never changes. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /**
   * What this migration drops, renames or narrows (decision 025): each named table or column must
   * already be unread by the release before the one that ships it. Absent for a migration that only
   * expands, which is every migration an upgrade can roll back over.
   */
  contracts?: { table: string; column?: string }[];
}

/**
 * What differs between the embedded database and PostgreSQL, and nothing else: the repository
 * (sql-repository.ts) writes every query once, through the typed builder, against this.
 */
export interface SqlDialect {
  readonly kind: 'sqlite' | 'postgres';
  readonly db: Kysely<Schema>;
  /** This database's schema history (src/db/migrations/<dialect>/, one file per migration). */
  readonly migrations: Migration[];
  /** The column type of a stored instant. */
  readonly timestampType: ColumnDataType;
  /** Runs a migration script of several statements inside `trx`. */
  runScript(trx: Transaction<Schema>, script: string): Promise<void>;
  /** Runs `work` (the migrations) on a connection without the time limits of requests. */
  schemaChanges<T>(work: (db: Kysely<Schema>) => Promise<T>): Promise<T>;
  /**
   * Taken inside the migration transaction, so that instances starting together migrate one at a time;
   * `onWait` is called first when another instance holds it (the caller says so in the log).
   */
  lockMigrations(trx: Transaction<Schema>, onWait: () => void): Promise<void>;
  /** A preview of the id the next article will get. */
  nextArticleId(): Promise<number>;
  /**
   * Articles whose `fields` hold every one of `terms` (searchTerms(), or prefixTerms() whose terms end
   * in `*`), and, with `except`, whose `except` fields do not, through the search index (migrations 19
   * and 22). The matches are found once, as a set.
   */
  searchMatch(terms: SearchTerm[], fields: SearchFields, except?: SearchFields): RawBuilder<boolean>;
  /**
   * The same test, made on each article of a walk in another order that meets a page of matches soon,
   * where gathering and sorting every match would cost more. `walk` tells how many articles the walk
   * should test and how many the index holds in `fields`, for the database to choose between seeking
   * each article in the index and building the set of matches once.
   */
  rowMatches(terms: SearchTerm[], fields: SearchFields, except?: SearchFields, walk?: WalkEstimate): RawBuilder<boolean>;
  /**
   * How many articles, in any state, hold every one of `terms` in `fields`, counted in the search index
   * alone, and how many of those `among` selects (each match tested in their set, in the same reading).
   */
  countMatches(terms: SearchTerm[], fields: SearchFields, among?: ArticleIds): Promise<MatchCount>;
  /**
   * The terms to ask for prefixTerms(): on SQLite a prefix that begins only a few of the index's terms
   * becomes those terms, which FTS5 seeks article by article and reads one after another, where it
   * merges the lists of a prefix's terms into one each time it is asked. PostgreSQL's GIN finds a
   * prefix's terms in its own ordered entries: the terms stay as they are.
   */
  expandPrefixes(terms: string[]): Promise<SearchTerm[]>;
  /**
   * Puts the articles' text in the search index inside `trx`, replacing what it held for them
   * (PostgreSQL's trigger does it by itself). At most a few hundred at a time (one statement).
   */
  indexArticles(trx: Transaction<Schema>, articles: IndexedArticle[]): Promise<void>;
  /** Merges the search index's pieces into one (Repository.compactSearchIndex; nothing to do on PostgreSQL). */
  compactSearchIndex(): Promise<void>;
  /** Indexes the articles a migration left waiting (none on PostgreSQL). */
  indexPending(): Promise<void>;
  /** The text of one top-level key of a JSON column. */
  jsonText(column: 'instantaneo', key: string): RawBuilder<string>;
  /** Tells the other instances about a change, delivered only if `trx` commits. */
  announce(trx: Transaction<Schema>, event: RepositoryEvent): Promise<void>;
  /** Starts hearing the other instances' changes (nothing to hear on the embedded database). */
  listen(onEvent: (event: RepositoryEvent) => void): Promise<void>;
  /**
   * Brings the planner's statistics up to date after a bulk write: a plan chosen on the statistics of
   * an empty table read thousands of rows where an index answered in 1 ms.
   */
  refreshStatistics(): Promise<void>;
  /** The pool and the failed queries, for the operator's metrics. */
  readonly stats: DatabaseStats;
  close(): Promise<void>;
}
