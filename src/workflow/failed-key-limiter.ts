import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import type { EditorKey } from '../config.js';
import { ApiError } from '../lib/api-error.js';
import { MESSAGES } from '../lib/messages.js';
import type { Logger } from '../logger.js';
import type { FailureWindows } from './failure-windows.js';

/** An address past its limit: every key it sends is refused, right or wrong, until its window passes. */
export class TooManyKeyFailures extends ApiError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = MESSAGES.tooManyKeyFailures,
  ) {
    super(429, message);
    this.name = 'TooManyKeyFailures';
  }
}

/** Judges a key sent with a request: the editor it names, or an ApiError (403 wrong, 429 too many wrong). */
export type KeyJudge = (req: Request, key: unknown) => EditorKey;

/**
 * Counts refused keys per client address in fixed windows (shared with refused passwords). The count is
 * read and moved in the same synchronous step that judges the key, never when a request arrives:
 * requests in flight with the right key count for nothing (twenty simultaneous uploads all pass), while a burst of wrong keys still stops at exactly `max`, since each
 * one is counted before the next is judged.
 */
export function failedKeyLimiter(
  checkKey: (key: unknown) => EditorKey,
  addresses: FailureWindows,
  logger: Logger,
): KeyJudge {
  return (req, key) => {
    const address = clientAddress(req);
    const lockedFor = addresses.lockedFor(address);
    if (lockedFor > 0) {
      logger.warn({ ip: req.ip, url: req.originalUrl }, 'excesso de chaves de editor inválidas');
      throw new TooManyKeyFailures(lockedFor);
    }
    try {
      return checkKey(key);
    } catch (error) {
      addresses.count(address);
      throw error;
    }
  };
}

/** An IPv6 /56 counts as one address, as express-rate-limit groups them. */
export function clientAddress(req: Request): string {
  return ipKeyGenerator(req.ip ?? '');
}
