import type { RequestListener, Server } from 'node:http';
import { Server as NetServer } from 'node:net';

/** Long enough for any request already on the wire to be parsed, so it is served rather than cut. */
const IDLE_SWEEP_DELAY_MS = 1_000;
const IDLE_SWEEP_INTERVAL_MS = 250;

export interface Drain {
  /** Wraps a listener so that, once shutdown has begun, clients are told not to reuse their connection. */
  listener(next: RequestListener): RequestListener;
  /** Stops accepting connections, lets in-flight requests finish, then calls onClosed. */
  begin(server: Server, onClosed: () => void): void;
  readonly draining: boolean;
}

/**
 * Node's http.Server#close() also destroys every connection whose request is not parsed yet, which
 * cuts off requests that arrived a moment before the signal. Closing only the listening socket and
 * sweeping idle connections a little later lets those requests finish.
 */
export function createDrain(graceMs: number, onTimeout: () => void): Drain {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    listener(next) {
      return (req, res) => {
        if (draining) res.setHeader('Connection', 'close');
        next(req, res);
      };
    },
    begin(server, onClosed) {
      if (draining) return;
      draining = true;
      NetServer.prototype.close.call(server, () => onClosed());
      setTimeout(() => {
        server.closeIdleConnections();
        setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_INTERVAL_MS).unref();
      }, IDLE_SWEEP_DELAY_MS).unref();
      setTimeout(() => {
        onTimeout();
        server.closeAllConnections();
      }, graceMs).unref();
    },
  };
}
