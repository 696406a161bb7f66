import type { Repository } from '../db/storage.js';
import type { Logger } from '../logger.js';
import { startPeriodicTask } from '../lib/periodic-task.js';

export interface PublishScheduler {
  /** Stops ticking and waits for a claim under way. */
  stop(): Promise<void>;
}

/**
 * Every instance ticks; the repository's claim makes each due article published by exactly one of
 * them, and its change event (LISTEN/NOTIFY on PostgreSQL) empties every instance's page cache.
 */
export function startPublishScheduler(repo: Repository, logger: Logger, intervalMs: number): PublishScheduler {
  return startPeriodicTask(
    intervalMs,
    async () => {
      const ids = await repo.scheduling.publishDue(new Date().toISOString());
      if (ids.length > 0) logger.info({ ids }, 'artigos agendados publicados');
    },
    (error) => logger.warn({ err: error }, 'publicação agendada falhou; nova tentativa no próximo ciclo'),
  );
}
