import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { afterFailure, FIRST_DELAY_MS, isPermanent, MAX_ATTEMPTS, MAX_DELAY_MS, PermanentFailure, retryDelayMs } from '../../../src/outbox/retry-policy.js';

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
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(1)).toBe(FIRST_DELAY_MS);
    expect(retryDelayMs(8)).toBe(MAX_DELAY_MS);
    expect(retryDelayMs(40)).toBe(MAX_DELAY_MS);
  });

  it('schedules the next attempt from now, and stops after the last attempt', () => {
    const now = Date.parse('2026-11-27T10:00:00.000Z');
    expect(afterFailure(smtpError(451), 1, now)).toEqual({ retryAt: '2026-11-27T10:00:30.000Z' });
    expect(afterFailure(smtpError(undefined, 'ECONNRESET'), 3, now)).toEqual({ retryAt: '2026-11-27T10:02:00.000Z' });
    expect(afterFailure(smtpError(550), 1, now)).toEqual({ failed: true });
    expect(afterFailure(smtpError(451), MAX_ATTEMPTS - 1, now)).toHaveProperty('retryAt');
    expect(afterFailure(smtpError(451), MAX_ATTEMPTS, now)).toEqual({ failed: true });
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
