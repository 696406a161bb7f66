import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The id of the request whose work is running, for the logger to write on every line of it. An
 * AsyncLocalStorage keeps no value of its own: each id lives in the asynchronous context of the request
 * that set it, so apps sharing a process (the tests') never see each other's.
 */
const requestScope = new AsyncLocalStorage<string>();

/** Runs `work`, and everything it starts, as part of the request `id`. */
export function inRequest<T>(id: string, work: () => T): T {
  return requestScope.run(id, work);
}

/** The id of the request this code runs for, if any (a timer or the outbox's worker runs for none). */
export function currentRequestId(): string | undefined {
  return requestScope.getStore();
}
