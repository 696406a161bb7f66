import type { Repository } from './storage.js';

/** What a 503 tells clients: the database usually comes back within this. */
export const RETRY_AFTER_SECONDS = 30;

/**
 * Errors that say the database is away rather than that the request or the code is wrong: SQLSTATE
 * class 08 (connection exception), 57P01-57P03 (shutting down, crashed, starting up: what a normal stop
 * and restart send), 53300 (too many connections), and the network's own failures.
 */
const AWAY_CODES = new Set(['57P01', '57P02', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'SQLITE_BUSY']);
const AWAY_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Connection ended|Client has encountered a connection error|não respondeu a tempo/;

function databaseAway(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (AWAY_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  return AWAY_MESSAGES.test(error.message);
}

/**
 * After a storage call failed with `error`: is the database unreachable (503, try again) rather than a
 * bug (500)? The error says so when it can; otherwise a ping decides. The error comes first because
 * during a smart stop or a restart the pool's old sessions still answer a ping while new ones are
 * refused.
 */
export async function storageUnavailable(repo: Repository, error: unknown): Promise<boolean> {
  if (databaseAway(error)) return true;
  try {
    await repo.ping();
    return false;
  } catch {
    return true;
  }
}
