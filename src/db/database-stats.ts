import type { LogEvent } from 'kysely';

/** Connections of the database's pool: open, idle among them, and queries waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** What an operator's metrics read of the database (src/http/site-metrics.ts): counted here, read on each scrape. */
export interface DatabaseStats {
  pool(): PoolStats;
  /** Failed queries since the database was opened, by the driver's code (a SQLSTATE, SQLITE_BUSY, ECONNREFUSED). */
  readonly queryErrors: ReadonlyMap<string, number>;
}

/** Distinct codes kept at most; any other counts under OTHER_CODE, so a flood of odd errors cannot grow the metrics without bound. */
const MAX_CODES = 50;
const OTHER_CODE = 'outro';

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.length > 0 ? code.slice(0, 40) : 'sem-codigo';
}

/**
 * Failed queries by code, and Kysely's `log` option that counts them: every query of either database
 * runs through Kysely's executor, which reports each failure there.
 */
export function queryErrorCounter(): { counts: ReadonlyMap<string, number>; log: (event: LogEvent) => void } {
  const counts = new Map<string, number>();
  return {
    counts,
    log(event) {
      if (event.level !== 'error') return;
      let code = codeOf(event.error);
      if (!counts.has(code) && counts.size >= MAX_CODES) code = OTHER_CODE;
      counts.set(code, (counts.get(code) ?? 0) + 1);
    },
  };
}
