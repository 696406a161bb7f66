import type { WebhookConfig } from '../config.js';

/** A failure that no retry can mend: the sender knows the delivery can never be carried (a payload it cannot read). */
export class PermanentFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentFailure';
  }
}

/**
 * How one kind of delivery is retried: the first retry waits `firstDelayMs`, each next one twice as
 * long as the one before, up to `maxDelayMs`; it gives up after `maxAttempts` attempts or once
 * `giveUpAfterMs` have passed since the delivery was enqueued, whichever comes first.
 */
export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  maxAttempts: number;
  giveUpAfterMs?: number;
}

/** About 13 hours of trying (30 s, 1 min, 2 min, ... then hourly): a receiver down for a night still gets it. */
export const EMAIL_RETRY: RetryPolicy = { firstDelayMs: 30_000, maxDelayMs: 3_600_000, maxAttempts: 18 };

const HOUR_MS = 3_600_000;

/**
 * LEADS_WEBHOOK_RETRY_BASE_SECONDS, doubling, at most 6 h apart, for 24 h from the event: a CRM down for
 * a night still gets the lead; past a day the lead's page shows `falhou` and "Reenviar" rather than the
 * lead reaching the sales team days late. The attempts' cap is far above what 24 h can hold.
 */
export function webhookRetry(config: Pick<WebhookConfig, 'retryBaseMs'>): RetryPolicy {
  return { firstDelayMs: config.retryBaseMs, maxDelayMs: 6 * HOUR_MS, maxAttempts: 100, giveUpAfterMs: 24 * HOUR_MS };
}

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
export function retryDelayMs(policy: RetryPolicy, attempts: number): number {
  return Math.min(policy.firstDelayMs * 2 ** Math.max(0, attempts - 1), policy.maxDelayMs);
}

export type NextStep = { retryAt: string } | { failed: true };

/** What follows a failed attempt of a delivery enqueued at `createdAt`: another one later, or none. */
export function afterFailure(error: unknown, delivery: { attempts: number; createdAt: string }, policy: RetryPolicy, now: number): NextStep {
  if (isPermanent(error) || delivery.attempts >= policy.maxAttempts) return { failed: true };
  const retryAt = now + retryDelayMs(policy, delivery.attempts);
  if (policy.giveUpAfterMs !== undefined && retryAt > Date.parse(delivery.createdAt) + policy.giveUpAfterMs) return { failed: true };
  return { retryAt: new Date(retryAt).toISOString() };
}
