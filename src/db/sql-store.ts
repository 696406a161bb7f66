import type { Kysely } from 'kysely';
import type { CompiledShapes } from './compiled-shapes.js';
import type { RepositoryEvents } from './repository-events.js';
import type { Schema } from './schema.js';
import type { SqlDialect } from './sql-dialect.js';

/** What every SQL store of one repository shares: one database, one set of subscribers, one cache of compiled reads. */
export interface SqlStoreContext {
  readonly dialect: SqlDialect;
  /** This instance's subscribers; the other instances hear of a write through dialect.announce. */
  readonly events: RepositoryEvents;
  /** The reads every uncached page makes, compiled once. */
  readonly reads: CompiledShapes;
}

/** A store written once for both databases (decision 014). */
export abstract class SqlStore {
  protected readonly dialect: SqlDialect;
  protected readonly db: Kysely<Schema>;
  protected readonly events: RepositoryEvents;
  protected readonly reads: CompiledShapes;

  constructor(context: SqlStoreContext) {
    this.dialect = context.dialect;
    this.db = context.dialect.db;
    this.events = context.events;
    this.reads = context.reads;
  }
}
