import type { Repository } from '../db/storage.js';
import type { Logger } from '../logger.js';

export interface PublishScheduler {
  /** Stops ticking and waits for a claim under way. */
  stop(): Promise<void>;
}

/**
 * Every instance ticks; the repository's claim makes each due article published by exactly one of
 * them, and its change event (LISTEN/NOTIFY on PostgreSQL) empties every instance's page cache.
 */
export function startPublishScheduler(repo: Repository, logger: Logger, intervalMs: number): PublishScheduler {
  let running: Promise<void> | undefined;
  let stopped = false;

  const tick = () => {
    if (running || stopped) return;
    running = repo
      .scheduling.publishDue(new Date().toISOString())
      .then(
        (ids) => {
          if (ids.length > 0) logger.info({ ids }, 'artigos agendados publicados');
        },
        (error: unknown) => logger.warn({ err: error }, 'publicação agendada falhou; nova tentativa no próximo ciclo'),
      )
      .finally(() => {
        running = undefined;
      });
  };

  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
