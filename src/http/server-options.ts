import type { ServerOptions } from 'node:http';
import type { Config } from '../config.js';

/**
 * Timeouts for a server that may face the internet without a proxy: a client that trickles its headers
 * (slowloris) is cut after headersTimeout, checked every second rather than Node's default 30 s; a whole
 * request may take requestTimeout (a 10 MB upload on a slow link); an idle keep-alive socket is closed
 * after keepAliveTimeout.
 */
export function serverOptions({ http }: Pick<Config, 'http'>): ServerOptions {
  return {
    headersTimeout: http.headersTimeoutMs,
    requestTimeout: http.requestTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.min(1_000, http.headersTimeoutMs),
  };
}
