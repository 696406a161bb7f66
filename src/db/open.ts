import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { openPostgresDialect } from './postgres-dialect.js';
import type { ArticleRepository } from './repository.js';
import { openSqlRepository } from './sql-repository.js';
import { openSqliteDialect } from './sqlite-dialect.js';

export function openSqliteRepository(path: string, logger: Logger): Promise<ArticleRepository> {
  return openSqlRepository(openSqliteDialect(path), logger);
}

export function openPostgresRepository(connectionString: string, logger: Logger): Promise<ArticleRepository> {
  return openSqlRepository(openPostgresDialect(connectionString, logger), logger);
}

/** PostgreSQL when DATABASE_URL is set (several instances share it), otherwise the embedded file. */
export function openRepository(config: Config, logger: Logger): Promise<ArticleRepository> {
  if (config.databaseUrl) return openPostgresRepository(config.databaseUrl, logger);
  return openSqliteRepository(config.sqlitePath, logger);
}
