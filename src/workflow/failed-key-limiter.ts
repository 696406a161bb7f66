import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import type { Config, EditorKey } from '../config.js';
import { ApiError } from '../lib/api-error.js';
import { MESSAGES } from '../lib/messages.js';
import type { Logger } from '../logger.js';

/** An address past its limit: every key it sends is refused, right or wrong, until its window passes. */
export class TooManyKeyFailures extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, MESSAGES.tooManyKeyFailures);
    this.name = 'TooManyKeyFailures';
  }
}

/** Judges a key sent with a request: the editor it names, or an ApiError (403 wrong, 429 too many wrong). */
export type KeyJudge = (req: Request, key: unknown) => EditorKey;

interface Window {
  failures: number;
  endsAt: number;
}

/**
 * Counts refused keys per client address (an IPv6 /56 counts as one, as express-rate-limit groups
 * them) in fixed windows. The count is read and moved in the same synchronous step that judges the
 * key, never when a request arrives: requests in flight with the right key count for nothing (twenty
 * simultaneous uploads all pass), while a burst of wrong keys still stops at exactly `max`, since each
 * one is counted before the next is judged.
 */
export function failedKeyLimiter(
  checkKey: (key: unknown) => EditorKey,
  { max, windowMs }: Config['editorKeyFailures'],
  logger: Logger,
  now: () => number = Date.now,
): KeyJudge {
  const windows = new Map<string, Window>();
  let sweepAt = 0;

  const openWindow = (address: string, at: number) => {
    const window = windows.get(address);
    return window && window.endsAt > at ? window : undefined;
  };

  const countFailure = (address: string, at: number) => {
    // Addresses that stopped trying are forgotten once per window, so the map holds only live ones.
    if (at >= sweepAt) {
      for (const [known, window] of windows) if (window.endsAt <= at) windows.delete(known);
      sweepAt = at + windowMs;
    }
    const window = openWindow(address, at);
    if (window) window.failures += 1;
    else windows.set(address, { failures: 1, endsAt: at + windowMs });
  };

  return (req, key) => {
    const at = now();
    const address = ipKeyGenerator(req.ip ?? '');
    const window = openWindow(address, at);
    if (window && window.failures >= max) {
      logger.warn({ ip: req.ip, url: req.originalUrl }, 'excesso de chaves de editor inválidas');
      throw new TooManyKeyFailures(Math.ceil((window.endsAt - at) / 1000));
    }
    try {
      return checkKey(key);
    } catch (error) {
      countFailure(address, at);
      throw error;
    }
  };
}
