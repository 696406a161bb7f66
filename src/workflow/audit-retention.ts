import type { AuditLog } from '../db/audit-store.js';
import type { Logger } from '../logger.js';

/** Rows are past their time by a few hours at most: a day's precision is all the policy promises. */
export const AUDIT_PRUNE_INTERVAL_MS = 6 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AuditPruning {
  /** Stops the timer and waits for a prune under way. */
  stop(): Promise<void>;
}

/**
 * Deletes the audit rows older than the retention period at start-up and every few hours after. Every
 * instance does it; a row deleted twice is simply gone, so they need no coordination. The timer never
 * keeps the process alive.
 */
export function startAuditPruning(audit: AuditLog, logger: Logger, retentionDays: number, intervalMs = AUDIT_PRUNE_INTERVAL_MS): AuditPruning {
  let running: Promise<void> | undefined;
  let stopped = false;

  const prune = () => {
    if (running || stopped) return;
    running = audit
      .prune(new Date(Date.now() - retentionDays * DAY_MS).toISOString())
      .then(
        (count) => {
          if (count > 0) logger.info({ count, retentionDays }, 'registros de auditoria antigos removidos');
        },
        (error: unknown) => logger.warn({ err: error }, 'remoção da auditoria antiga falhou; nova tentativa no próximo ciclo'),
      )
      .finally(() => {
        running = undefined;
      });
  };

  const timer = setInterval(prune, intervalMs);
  timer.unref();
  prune();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
