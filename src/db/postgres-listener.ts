import pg from 'pg';
import type { Logger } from '../logger.js';

const MAX_BACKOFF_MS = 5_000;

export interface ChangeListener {
  /** Settles after the first connection attempt, so a caller can start with LISTEN in place. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Keeps one dedicated connection LISTENing on a channel, reconnecting with backoff whenever it
 * drops (server restart, network cut), because a pooled client cannot hold a LISTEN.
 */
export function listenForChanges(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  logger: Logger,
): ChangeListener {
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  const scheduleReconnect = () => {
    if (closed || retry) return;
    const delay = Math.min(MAX_BACKOFF_MS, 250 * 2 ** failures);
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref();
  };

  const connect = async () => {
    const current = new pg.Client({ connectionString, connectionTimeoutMillis: 2_000, keepAlive: true });
    client = current;
    current.on('notification', (message) => {
      if (message.channel === channel && message.payload) onPayload(message.payload);
    });
    const drop = (error?: Error) => {
      if (client !== current) return;
      client = undefined;
      if (closed) return;
      logger.warn({ err: error }, 'conexão LISTEN do PostgreSQL perdida; reconectando');
      current.end().catch(() => undefined);
      scheduleReconnect();
    };
    current.on('error', drop);
    current.on('end', () => drop());
    try {
      await current.connect();
      await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      failures = 0;
      // close() may have run while this connection was being set up.
      if (closed) await current.end();
    } catch (error) {
      drop(error as Error);
    }
  };

  return {
    ready: connect(),
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
