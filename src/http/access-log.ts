import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import proxyaddr from 'proxy-addr';
import { inRequest } from '../lib/request-scope.js';
import type { Logger } from '../logger.js';
import { invitationPath } from '../routes/paths.js';
import { requestIdOf } from './request-id.js';

const INVITATION_PREFIX = invitationPath('');

/**
 * The path as the log keeps it. The query string is left out (a visitor's search words are theirs),
 * and so is an invitation link's token: it is a password until used, and logs are kept less carefully
 * than the database, which holds only its digest.
 */
export function loggedPath(url: string | undefined): string {
  const path = (url ?? '/').split('?')[0]!;
  return path.startsWith(INVITATION_PREFIX) ? invitationPath('…') : path;
}

/**
 * The client's address as Express's req.ip works it out (the `trust proxy` setting decides which
 * X-Forwarded-For hops count), also for the requests Express never sees: the fast path's. Read it when
 * the request arrives: once a client has reset its connection the socket no longer knows its peer, and
 * the address is empty.
 */
export function clientAddressOf(app: { get(setting: string): unknown }): (req: IncomingMessage) => string {
  const trust = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  return (req) => {
    // Its types promise a string; it gives undefined for a socket that forgot its peer.
    const address: string | undefined = proxyaddr(req, trust);
    return address ?? '';
  };
}

/** Told of every response once it is over (metrics): the path without its query, and how long it took. */
export type ResponseObserver = (req: IncomingMessage, res: ServerResponse, path: string, seconds: number) => void;

/**
 * Every request gets an id (a proxy's X-Request-Id if it is a short safe token, or a new one), written
 * on every log line of the request (src/lib/request-scope.ts) and sent back in X-Request-Id by whichever
 * path answers it (the fast path in its header block, Express with requestIdHeader()). One access line per request: what was asked, the status,
 * how long it took, and the client's address in `ip`, which the logger truncates unless LOG_FULL_IP. No
 * user agent, referrer or cookie is logged. At a level above info (the benchmarks', the tests') and
 * without `observe` (no METRICS_TOKEN), nothing waits for the response's end.
 */
export function withAccessLog(
  logger: Logger,
  clientAddress: (req: IncomingMessage) => string,
  listener: RequestListener,
  observe?: ResponseObserver,
): RequestListener {
  const logs = logger.isLevelEnabled('info');
  const run = (req: IncomingMessage, res: ServerResponse, id: string) => inRequest(id, () => listener(req, res));
  if (!logs && !observe) return (req, res) => run(req, res, requestIdOf(req));
  return (req, res) => {
    const id = requestIdOf(req);
    const start = performance.now();
    // Read now: Express's mounted routers rewrite req.url on the way in ("/api/x" becomes "/x").
    const url = req.url ?? '/';
    const ip = clientAddress(req);
    // 'close' comes for every response, finished or cut short by the client; 'finish' only for the former.
    res.once('close', () => {
      const ms = performance.now() - start;
      if (observe) observe(req, res, url.split('?')[0]!, ms / 1000);
      if (!logs) return;
      logger.info(
        {
          reqId: id,
          method: req.method,
          path: loggedPath(url),
          status: res.statusCode,
          ms: Math.round(ms),
          ...(res.writableFinished ? {} : { aborted: true }),
          ip,
        },
        'acesso',
      );
    });
    run(req, res, id);
  };
}
