import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { ReviewDecisions } from './article-store.js';
import { openPostgresDialect } from './postgres-dialect.js';
import type { SqlDialect } from './sql-dialect.js';
import type { Repository } from './storage.js';
import { openSqlRepository } from './sql-repository.js';
import { openSqliteDialect } from './sqlite-dialect.js';

export function openSqliteRepository(path: string, logger: Logger, review: ReviewDecisions): Promise<Repository> {
  return openSqlRepository(openSqliteDialect(path), logger, review);
}

export function openPostgresRepository(connectionString: string, logger: Logger, review: ReviewDecisions): Promise<Repository> {
  return openSqlRepository(openPostgresDialect(connectionString, logger), logger, review);
}

/** The configured database's dialect alone, unmigrated: for the operators' commands (src/ops). */
export function openDialect(config: Pick<Config, 'databaseUrl' | 'sqlitePath'>, logger: Logger): SqlDialect {
  return config.databaseUrl ? openPostgresDialect(config.databaseUrl, logger) : openSqliteDialect(config.sqlitePath);
}

/** PostgreSQL when DATABASE_URL is set (several instances share it), otherwise the embedded file. */
export function openRepository(config: Config, logger: Logger, review: ReviewDecisions): Promise<Repository> {
  if (config.databaseUrl) return openPostgresRepository(config.databaseUrl, logger, review);
  return openSqliteRepository(config.sqlitePath, logger, review);
}
