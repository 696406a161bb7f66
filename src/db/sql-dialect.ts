import type { ColumnDataType, Kysely, RawBuilder, Transaction } from 'kysely';
import type { RepositoryEvent } from './repository.js';
import type { Schema } from './schema.js';

/** A released schema change. Append only: a released migration never changes. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * What differs between the embedded database and PostgreSQL, and nothing else: the repository
 * (sql-repository.ts) writes every query once, through the typed builder, against this.
 */
export interface SqlDialect {
  readonly kind: 'sqlite' | 'postgres';
  readonly db: Kysely<Schema>;
  /** This database's schema history (sqlite-migrations.ts, postgres-migrations.ts). */
  readonly migrations: Migration[];
  /** The column type of a stored instant. */
  readonly timestampType: ColumnDataType;
  /** Runs a migration script of several statements inside `trx`. */
  runScript(trx: Transaction<Schema>, script: string): Promise<void>;
  /** Taken inside the migration transaction, so that instances starting together migrate one at a time. */
  lockMigrations(trx: Transaction<Schema>): Promise<void>;
  /** A preview of the id the next article will get. */
  nextArticleId(): Promise<number>;
  /** Articles whose title has words starting with each of `words` (searchWords()), through the title index. */
  titleHasWords(words: string[]): RawBuilder<boolean>;
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
  close(): Promise<void>;
}
