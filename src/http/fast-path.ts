import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { AppContext } from './app-context.js';
import type { PublicRoute } from '../routes/page-route.js';
import type { PageMatch } from '../routes/table.js';
import { cachedResponse } from './page-responses.js';
import { choose, responseHeaders, type Precomputed, type Variant } from './precomputed.js';
import { publicAnswer } from './public-answer.js';
import { HSTS_VALUE } from './security-headers.js';
import { REQUEST_ID_HEADER } from './request-id.js';
import { currentRequestId } from '../lib/request-scope.js';

/** Express's compiled `trust proxy` (app.get('trust proxy fn')): which hops may say the request was HTTPS. */
export type TrustProxy = (address: string, hop: number) => boolean;

export interface FastPath {
  /** Answers the request itself, or calls `express` to leave it to Express untouched. */
  handle(req: IncomingMessage, res: ServerResponse, express: () => void): void;
  /** Responses sent, for tests that must know which path answered, and for the metrics (hits). */
  readonly served: number;
  /** Requests left to Express (misses). */
  readonly passed: number;
}

const NO_QUERY = new URLSearchParams();

/** Express's req.secure, for the one header (HSTS) that depends on it. */
function isSecure(req: IncomingMessage, trust: TrustProxy): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  const forwarded = req.headers['x-forwarded-proto'];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  // The header first: without it no hop is asked whether it may be trusted.
  return proto === 'https' && trust(req.socket.remoteAddress ?? '', 0);
}

/**
 * Serves ahead of the Express stack, with the very bytes and headers Express would send: the
 * prerendered pages and hashed client assets (in memory), and the route table's public pages at their
 * canonical URL, from the page cache or rendered as Express would. Anything else (a query string, a
 * cookie, a private page, the API, any method but GET and HEAD) is left to Express unchanged.
 */
export function createFastPath(ctx: AppContext, trust: TrustProxy, isDraining: () => boolean = () => false): FastPath {
  const files = ctx.files.byPath;
  const { pageCache, security } = ctx;
  let served = 0;
  let passed = 0;
  function pass(express: () => void): void {
    passed += 1;
    express();
  }
  // The whole header block of each variant, flattened once for writeHead: one call instead of a dozen setHeader.
  const blocks = { full: new WeakMap<Variant, unknown[]>(), notModified: new WeakMap<Variant, unknown[]>() };

  function send(req: IncomingMessage, res: ServerResponse, entry: Precomputed): void {
    const choice = choose(req, entry);
    const requestId = currentRequestId();
    if (isSecure(req, trust)) {
      // Rare on a plain-HTTP server (only behind a trusted TLS proxy): not worth a block of its own.
      for (const [name, value] of security) res.setHeader(name, value);
      res.setHeader('Strict-Transport-Security', HSTS_VALUE);
      if (requestId !== undefined) res.setHeader(REQUEST_ID_HEADER, requestId);
      for (const [name, value] of responseHeaders(entry, choice)) res.setHeader(name, value);
      res.statusCode = choice.notModified ? 304 : 200;
      res.end(choice.notModified ? undefined : choice.variant.body);
      return;
    }
    const cache = choice.notModified ? blocks.notModified : blocks.full;
    let block = cache.get(choice.variant);
    if (!block) {
      block = [...security, ...responseHeaders(entry, choice), [REQUEST_ID_HEADER, '']].flat();
      cache.set(choice.variant, block);
    }
    // The request id fills the block's last slot: writeHead reads the block before returning, so the
    // next request may fill it again. A header set beforehand (setHeader) would make Node merge the
    // block header by header instead, which costs as much again as writeHead itself.
    if (requestId !== undefined) block[block.length - 1] = requestId;
    res.writeHead(choice.notModified ? 304 : 200, requestId !== undefined ? (block as string[]) : (block.slice(0, -2) as string[]));
    res.end(choice.notModified ? undefined : choice.variant.body);
  }

  /**
   * A public page the cache holds is sent as it is; one it does not hold is rendered here too
   * (publicAnswer, as Express does), sparing Express's own cost, about that of the render itself.
   * Anything but the page at its canonical URL (a redirect, 404, 410, an error) is left to Express,
   * which asks again.
   */
  function publicPage(req: IncomingMessage, res: ServerResponse, path: string, match: PageMatch, route: PublicRoute, express: () => void): void {
    const key = route.cacheKey(match.params, NO_QUERY);
    if (key === undefined) return pass(express);
    const hit = pageCache.get(key);
    if (hit) {
      if (hit.path !== path) return pass(express);
      send(req, res, cachedResponse(hit, ctx.config));
      served += 1;
      return;
    }
    publicAnswer(ctx, route, match.params, NO_QUERY, req).then((answer) => {
      if (answer.kind !== 'page' || answer.path !== path) return pass(express);
      send(req, res, answer.response);
      served += 1;
    }, () => pass(express));
  }

  const fastPath: FastPath = {
    get served() {
      return served;
    },
    get passed() {
      return passed;
    },
    handle(req, res, express) {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || isDraining()) return pass(express);
      const url = req.url ?? '/';
      const queryAt = url.indexOf('?');
      const path = queryAt === -1 ? url : url.slice(0, queryAt);
      const file = files.get(path);
      if (file) {
        send(req, res, file);
        served += 1;
        return;
      }
      if (queryAt !== -1 || !sameForEveryone(req)) return pass(express);
      const match = ctx.routes.match(path);
      if (match?.route.kind !== 'public') return pass(express);
      publicPage(req, res, path, match, match.route, express);
    },
  };
  ctx.metrics?.watchFastPath(fastPath);
  return fastPath;
}

/** A cookie may one day change what a news page shows (a signed-in editor): such requests go to Express. */
function sameForEveryone(req: IncomingMessage): boolean {
  return req.headers.cookie === undefined;
}
