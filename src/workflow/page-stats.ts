import type { Repository } from '../db/storage.js';
import { startPeriodicTask, type PeriodicTask } from '../lib/periodic-task.js';
import { hourOf, siteDayOf } from '../lib/stats-time.js';
import type { Logger } from '../logger.js';
import { monthsBefore } from './retention.js';
import { closedSpans } from './stats-report.js';
import { StatsTally } from './stats-tally.js';
import { DailySalts, visitorHash } from './visitor-hash.js';

/** Near midnight the next day's salt is shared ahead, so that no instance starts the day with one of its own. */
const AHEAD_MS = 10 * 60_000;
/** Visitor hashes of finished days are folded and old rows deleted about this often. */
export const STATS_SWEEP_INTERVAL_MS = 60 * 60_000;

export interface StatsPolicy {
  hourlyDays: number;
  dailyMonths: number;
}

/**
 * This instance's statistics: the counts in memory (StatsTally), the day's salt, and the flush that
 * adds them to the database. A failed flush keeps its counts for the next one (bounded); nothing on a
 * request's path waits for the database.
 */
export class PageStats {
  readonly tally = new StatsTally();
  readonly salts = new DailySalts();
  /** The day this instance last saw the standard periods' closed days added up. */
  private closedOn: string | undefined;

  constructor(
    private readonly repo: Pick<Repository, 'statistics'>,
    private readonly site: string,
    private readonly policy: StatsPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  /** The visitor's hash for today: address and user agent are read here and never kept. */
  visitor(at: number, address: string, userAgent: string): string {
    return visitorHash(this.salts.saltOf(this.tally.dayOf(at)), this.site, address, userAgent);
  }

  /** Adds what was counted to the database; on failure keeps it for the next flush and rethrows. */
  async flush(): Promise<void> {
    const now = this.now();
    const today = siteDayOf(now);
    const days = siteDayOf(now + AHEAD_MS) === today ? [today] : [today, siteDayOf(now + AHEAD_MS)];
    await this.salts.share(days, (day, candidate) => this.repo.statistics.saltFor(day, candidate));
    const batch = this.tally.take();
    if (batch.views.length + batch.searches.length + batch.visitors.length === 0) return;
    try {
      await this.repo.statistics.add(batch);
    } catch (error) {
      this.tally.giveBack(batch);
      throw error;
    }
  }

  /** Folds the finished days' visitors into counts (deleting their hashes and salts) and applies retention. */
  async sweep(): Promise<void> {
    const now = this.now();
    const today = siteDayOf(now);
    const hourlyBefore = hourOf(now - this.policy.hourlyDays * 24 * 3_600_000);
    const dailyBefore = siteDayOf(monthsBefore(new Date(now), this.policy.dailyMonths).getTime());
    await this.repo.statistics.sweep(today, hourlyBefore, dailyBefore);
    // Retention or a late flush may have reopened a span: looked at again once an hour.
    this.closedOn = undefined;
    await this.closePeriods();
  }

  /** Adds up the standard periods' closed days once a day (one instance builds them, the others find them built). */
  async closePeriods(): Promise<void> {
    const today = siteDayOf(this.now());
    if (this.closedOn === today) return;
    await this.repo.statistics.close(closedSpans(today));
    this.closedOn = today;
  }
}

/** Flushes every `intervalMs` (closing the new day's periods after the first flush of a day) and sweeps every hour; stop() flushes one last time (graceful shutdown). */
export function startStatsFlush(stats: PageStats, intervalMs: number, logger: Logger): PeriodicTask {
  let failing = false;
  const flushing = startPeriodicTask(
    intervalMs,
    async () => {
      await stats.flush();
      await stats.closePeriods();
      if (failing) logger.info({ pending: stats.tally.pending }, 'estatísticas gravadas de novo');
      failing = false;
    },
    (error) => {
      // Logged once per outage: the counts wait in memory, bounded (src/workflow/stats-tally.ts).
      if (!failing) logger.warn({ err: error, pending: stats.tally.pending }, 'estatísticas não gravadas; guardadas em memória até o banco voltar');
      failing = true;
    },
  );
  const sweeping = startPeriodicTask(STATS_SWEEP_INTERVAL_MS, () => stats.sweep(), (error) => logger.warn({ err: error }, 'limpeza das estatísticas falhou; nova tentativa na próxima hora'));
  return {
    async stop() {
      await Promise.all([flushing.stop(), sweeping.stop()]);
      await stats.flush().catch((error: unknown) => logger.warn({ err: error, dropped: stats.tally.pending }, 'estatísticas da última fração perdidas no encerramento'));
    },
  };
}
