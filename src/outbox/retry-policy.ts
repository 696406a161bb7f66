/** A failure that no retry can mend: the sender knows the delivery can never be carried (a payload it cannot read). */
export class PermanentFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentFailure';
  }
}

/** The first retry waits this long; each next one twice as long as the one before, up to MAX_DELAY_MS. */
export const FIRST_DELAY_MS = 30_000;
export const MAX_DELAY_MS = 3_600_000;
/** About 13 hours of trying (30 s, 1 min, 2 min, ... then hourly): a receiver down for a night still gets it. */
export const MAX_ATTEMPTS = 18;

/**
 * An SMTP answer in the 500s is the receiver refusing for good (no such mailbox, rejected message);
 * 400s are "try later", and an error without an answer (refused connection, timeout, reset) says
 * nothing about the message: both are retried.
 */
export function isPermanent(error: unknown): boolean {
  if (error instanceof PermanentFailure) return true;
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** How long to wait before the attempt after `attempts` failed ones (1 after the first failure). */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
}

export type NextStep = { retryAt: string } | { failed: true };

/** What follows a failed attempt: another one later, or none. */
export function afterFailure(error: unknown, attempts: number, now: number): NextStep {
  if (isPermanent(error) || attempts >= MAX_ATTEMPTS) return { failed: true };
  return { retryAt: new Date(now + retryDelayMs(attempts)).toISOString() };
}
