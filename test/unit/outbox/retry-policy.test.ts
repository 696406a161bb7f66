import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { afterFailure, EMAIL_RETRY, isPermanent, PermanentFailure, retryDelayMs, webhookRetry, type RetryPolicy } from '../../../src/outbox/retry-policy.js';

/** An error as nodemailer rejects with it: the SMTP answer's code, when there was an answer. */
const smtpError = (responseCode?: number, code = 'EENVELOPE') => Object.assign(new Error('recusado'), { code, ...(responseCode ? { responseCode } : {}) });

describe('retries of the outbox', () => {
  it('gives up at once on a 5xx answer or an unreadable payload, and retries 4xx answers and network errors', () => {
    expect(isPermanent(smtpError(550))).toBe(true);
    expect(isPermanent(smtpError(554))).toBe(true);
    expect(isPermanent(new PermanentFailure('carga de e-mail inválida'))).toBe(true);
    expect(isPermanent(smtpError(421))).toBe(false);
    expect(isPermanent(smtpError(451))).toBe(false);
    expect(isPermanent(smtpError(undefined, 'ECONNREFUSED'))).toBe(false);
    expect(isPermanent(smtpError(undefined, 'ETIMEDOUT'))).toBe(false);
    expect(isPermanent('texto')).toBe(false);
  });

  it('waits 30 s after the first failure, twice as long after each next one, never over an hour', () => {
    const delay = (attempts: number) => retryDelayMs(EMAIL_RETRY, attempts);
    expect([1, 2, 3, 4, 5].map(delay)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect(delay(8)).toBe(3_600_000);
    expect(delay(40)).toBe(3_600_000);
  });

  it('schedules the next attempt from now, and stops after the last attempt', () => {
    const now = Date.parse('2026-11-27T10:00:00.000Z');
    const after = (error: unknown, attempts: number) => afterFailure(error, { attempts, createdAt: '2026-11-27T09:00:00.000Z' }, EMAIL_RETRY, now);
    expect(after(smtpError(451), 1)).toEqual({ retryAt: '2026-11-27T10:00:30.000Z' });
    expect(after(smtpError(undefined, 'ECONNRESET'), 3)).toEqual({ retryAt: '2026-11-27T10:02:00.000Z' });
    expect(after(smtpError(550), 1)).toEqual({ failed: true });
    expect(after(smtpError(451), EMAIL_RETRY.maxAttempts - 1)).toHaveProperty('retryAt');
    expect(after(smtpError(451), EMAIL_RETRY.maxAttempts)).toEqual({ failed: true });
  });

  it('gives up when the next attempt would fall past the window a kind allows since the delivery was enqueued', () => {
    const daily: RetryPolicy = { firstDelayMs: 60_000, maxDelayMs: 86_400_000, maxAttempts: 100, giveUpAfterMs: 86_400_000 };
    const createdAt = '2026-11-27T10:00:00.000Z';
    const hoursLater = (hours: number) => Date.parse(createdAt) + hours * 3_600_000;
    expect(afterFailure(new Error('503'), { attempts: 10, createdAt }, daily, hoursLater(1))).toEqual({ retryAt: '2026-11-27T19:32:00.000Z' });
    expect(afterFailure(new Error('503'), { attempts: 11, createdAt }, daily, hoursLater(8))).toEqual({ failed: true });
  });
});

describe('the outbox worker configuration', () => {
  it('polls every second, sends 10 at a time under a 2-minute lease by default, and refuses values out of range', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).outbox).toEqual({ intervalMs: 1_000, batchSize: 10, leaseMs: 120_000 });
    expect(loadConfig({ NODE_ENV: 'test', OUTBOX_INTERVAL_MS: '100', OUTBOX_BATCH_SIZE: '50', OUTBOX_LEASE_MS: '5000' }).outbox).toEqual({
      intervalMs: 100,
      batchSize: 50,
      leaseMs: 5_000,
    });
    expect(() => loadConfig({ NODE_ENV: 'test', OUTBOX_INTERVAL_MS: '10' })).toThrow(/OUTBOX_INTERVAL_MS deve ficar entre 50 e 60000/);
    expect(() => loadConfig({ NODE_ENV: 'test', OUTBOX_BATCH_SIZE: '0' })).toThrow(/OUTBOX_BATCH_SIZE deve ficar entre 1 e 100/);
    expect(() => loadConfig({ NODE_ENV: 'test', OUTBOX_LEASE_MS: '500' })).toThrow(/OUTBOX_LEASE_MS deve ficar entre 1000 e 3600000/);
  });
});

describe('retries of the CRM webhook', () => {
  const HOUR = 3_600_000;

  it('waits LEADS_WEBHOOK_RETRY_BASE_SECONDS, doubling, never over 6 h apart', () => {
    const policy = webhookRetry(loadConfig({ NODE_ENV: 'test', LEADS_WEBHOOK_URL: 'https://crm.clinica.test/', LEADS_WEBHOOK_SECRET: 'x'.repeat(32) }).leadsWebhook!);
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(policy, attempts))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(policy, 9)).toBe(15_360_000);
    expect(retryDelayMs(policy, 10)).toBe(6 * HOUR);
    expect(retryDelayMs(policy, 30)).toBe(6 * HOUR);
  });

  it.each([1_000, 60_000, 3_600_000])('gives up 24 h after the event, the window binding before the attempts (first wait %i ms)', (retryBaseMs) => {
    const policy = webhookRetry({ retryBaseMs });
    const createdAt = '2026-11-27T10:00:00.000Z';
    // A receiver that fails at once, every time: each attempt happens the moment it is due.
    let now = Date.parse(createdAt);
    let attempts = 1;
    for (let next = afterFailure(new Error('HTTP 503'), { attempts, createdAt }, policy, now); 'retryAt' in next; next = afterFailure(new Error('HTTP 503'), { attempts, createdAt }, policy, now)) {
      now = Date.parse(next.retryAt);
      attempts += 1;
    }
    expect(now - Date.parse(createdAt)).toBeLessThanOrEqual(24 * HOUR);
    expect(now + retryDelayMs(policy, attempts) - Date.parse(createdAt)).toBeGreaterThan(24 * HOUR);
    expect(attempts).toBeLessThan(policy.maxAttempts);
  });
});
