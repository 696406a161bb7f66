import type { Logger } from '../logger.js';

/**
 * Data a private page streams in after its shell. The failure is logged here and shown in the page
 * (Streamed's message); marking the promise handled keeps a failure that is never rendered (the
 * client went away) from becoming an unhandled rejection.
 */
export function deferred<T>(value: Promise<T>, logger: Logger, what: string): Promise<T> {
  value.catch((error: unknown) => logger.error({ err: error }, `falha ao carregar ${what}`));
  return value;
}
