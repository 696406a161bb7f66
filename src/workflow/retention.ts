import type { Repository } from '../db/storage.js';
import { startPeriodicTask, type PeriodicTask } from '../lib/periodic-task.js';
import type { Logger } from '../logger.js';

/** Rows are past their time by a few hours at most: a day's precision is all the privacy policy promises. */
export const RETENTION_INTERVAL_MS = 6 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long what the privacy policy names is kept (src/config.ts, PrivacyConfig). */
export interface RetentionPolicy {
  auditRetentionDays: number;
  leadRetentionMonths: number;
}

/** The same day `months` calendar months before `now`. */
export function monthsBefore(now: Date, months: number): Date {
  const then = new Date(now);
  then.setUTCMonth(then.getUTCMonth() - months);
  return then;
}

/**
 * Deletes, at start-up and every few hours after, what the privacy policy says is kept only so long:
 * audit rows past AUDIT_RETENTION_DAYS, and demonstration requests that did not become customers past
 * LEAD_RETENTION_MONTHS (with their notes and deliveries; their consent proofs stay, hashed). Every
 * instance does it; a row deleted twice is simply gone, so they need no coordination.
 */
export function startRetention(repo: Pick<Repository, 'audit' | 'leads'>, logger: Logger, policy: RetentionPolicy, intervalMs = RETENTION_INTERVAL_MS): PeriodicTask {
  return startPeriodicTask(
    intervalMs,
    async () => {
      const now = new Date();
      const audit = await repo.audit.prune(new Date(now.getTime() - policy.auditRetentionDays * DAY_MS).toISOString());
      if (audit > 0) logger.info({ count: audit, retentionDays: policy.auditRetentionDays }, 'registros de auditoria antigos removidos');
      const leads = await repo.leads.deleteUnconvertedBefore(monthsBefore(now, policy.leadRetentionMonths).toISOString());
      if (leads > 0) logger.info({ count: leads, retentionMonths: policy.leadRetentionMonths }, 'pedidos de demonstração antigos removidos');
    },
    (error) => logger.warn({ err: error }, 'remoção do que passou da retenção falhou; nova tentativa no próximo ciclo'),
  );
}
