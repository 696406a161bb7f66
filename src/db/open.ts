import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { openPostgresRepository } from './postgres-repository.js';
import type { ArticleRepository } from './repository.js';
import { openSqliteRepository } from './sqlite-repository.js';

/** PostgreSQL when DATABASE_URL is set (several instances share it), otherwise the embedded file. */
export async function openRepository(config: Config, logger: Logger): Promise<ArticleRepository> {
  if (config.databaseUrl) return openPostgresRepository(config.databaseUrl, logger);
  return openSqliteRepository(config.sqlitePath, logger);
}
