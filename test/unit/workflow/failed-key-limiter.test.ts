import { describe, expect, it } from 'vitest';
import type { Request } from 'express';
import { parseEditorKeys } from '../../../src/config.js';
import { ApiError } from '../../../src/lib/api-error.js';
import { MESSAGES } from '../../../src/lib/messages.js';
import { createLogger } from '../../../src/logger.js';
import { createKeyChecker } from '../../../src/workflow/editor-keys.js';
import { FailureWindows } from '../../../src/workflow/failure-windows.js';
import { failedKeyLimiter, TooManyKeyFailures } from '../../../src/workflow/failed-key-limiter.js';

const RIGHT = 'chave-da-maria-123';
const WINDOW_MS = 60_000;
const logger = createLogger({ logLevel: 'silent' });

function limiter() {
  let now = 1_000_000;
  const judge = failedKeyLimiter(createKeyChecker(parseEditorKeys(`Maria Souza:${RIGHT}`)), new FailureWindows(3, WINDOW_MS, () => now), logger);
  const from = (ip: string) => ({ ip, originalUrl: '/api/sessao' }) as Request;
  const status = (ip: string, key: string) => {
    try {
      judge(from(ip), key);
      return 200;
    } catch (error) {
      if (error instanceof ApiError) return error.status;
      throw error;
    }
  };
  return { judge, from, status, wait: (ms: number) => (now += ms) };
}

describe('failed-key limiter', () => {
  it('never counts the right key, however often it comes', () => {
    const { status } = limiter();
    expect(Array.from({ length: 50 }, () => status('10.0.0.1', RIGHT))).toEqual(Array(50).fill(200));
    expect(status('10.0.0.1', 'errada')).toBe(403);
  });

  it('refuses every key, the right one too, once an address has `max` refusals, until its window passes', () => {
    const { judge, from, status, wait } = limiter();
    expect([1, 2, 3].map(() => status('10.0.0.1', 'errada'))).toEqual([403, 403, 403]);
    wait(20_000);
    let refusal: unknown;
    try {
      judge(from('10.0.0.1'), RIGHT);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(TooManyKeyFailures);
    expect(refusal).toMatchObject({ status: 429, messages: [MESSAGES.tooManyKeyFailures], retryAfterSeconds: 40 });
    expect(status('10.0.0.2', RIGHT)).toBe(200);
    wait(40_000);
    expect(status('10.0.0.1', RIGHT)).toBe(200);
  });

  it('counts an IPv6 /56 as one address', () => {
    const { status } = limiter();
    for (const ip of ['2001:db8:0:1::1', '2001:db8:0:2::1', '2001:db8:0:3::1']) expect(status(ip, 'errada')).toBe(403);
    expect(status('2001:db8:0:4::1', RIGHT)).toBe(429);
    expect(status('2001:db8:1::1', RIGHT)).toBe(200);
  });
});
