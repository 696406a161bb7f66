import type { IncomingMessage, RequestListener } from 'node:http';
import { performance } from 'node:perf_hooks';
import proxyaddr from 'proxy-addr';
import type { Logger } from '../logger.js';
import { invitationPath } from '../routes/paths.js';

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
 * X-Forwarded-For hops count), also for the requests Express never sees: the fast path's.
 */
export function clientAddressOf(app: { get(setting: string): unknown }): (req: IncomingMessage) => string {
  const trust = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  return (req) => proxyaddr(req, trust);
}

/**
 * One line per request, whichever path answered it (the fast path or Express): what was asked, the
 * status, how long it took, and the client's address in `ip`, which the logger truncates unless
 * LOG_FULL_IP. No user agent, referrer or cookie is logged. At a level above info (the benchmarks', the
 * tests') the listener is returned untouched and costs nothing.
 */
export function withAccessLog(logger: Logger, clientAddress: (req: IncomingMessage) => string, listener: RequestListener): RequestListener {
  if (!logger.isLevelEnabled('info')) return listener;
  return (req, res) => {
    const start = performance.now();
    // Read now: Express's mounted routers rewrite req.url on the way in ("/api/x" becomes "/x").
    const path = loggedPath(req.url);
    // 'close' comes for every response, finished or cut short by the client; 'finish' only for the former.
    res.once('close', () => {
      logger.info(
        {
          method: req.method,
          path,
          status: res.statusCode,
          ms: Math.round(performance.now() - start),
          ...(res.writableFinished ? {} : { aborted: true }),
          ip: clientAddress(req),
        },
        'acesso',
      );
    });
    listener(req, res);
  };
}
