import type { Config } from './config.js';
import { openPostgresRepository as openPostgres, openRepository as openConfigured, openSqliteRepository as openSqlite } from './db/open.js';
import type { Repository } from './db/storage.js';
import type { Logger } from './logger.js';
import { REVIEW_DECISIONS } from './workflow/medical-review.js';

/**
 * Storage as the app uses it: the database opened with the medical review's decisions, which storage
 * applies inside its writes without importing the rules (storage sits below src/workflow).
 */

export const openSqliteRepository = (path: string, logger: Logger): Promise<Repository> => openSqlite(path, logger, REVIEW_DECISIONS);

export const openPostgresRepository = (connectionString: string, logger: Logger): Promise<Repository> =>
  openPostgres(connectionString, logger, REVIEW_DECISIONS);

/** PostgreSQL when DATABASE_URL is set (several instances share it), otherwise the embedded file. */
export const openRepository = (config: Config, logger: Logger): Promise<Repository> => openConfigured(config, logger, REVIEW_DECISIONS);
