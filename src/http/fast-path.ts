import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { AppDeps } from '../app-deps.js';
import { articleAnswer } from '../news/article-answer.js';
import { cachedResponse } from '../news/http-cache.js';
import { articleCacheKey, listCacheKey, newsPageCache } from '../news/news-cache.js';
import { PATHS } from '../routes.js';
import { choose, responseHeaders, type Precomputed, type Variant } from './precomputed.js';
import { precomputedFiles } from './precomputed-files.js';
import { securityHeaderSet } from './security-header-set.js';
import { HSTS_VALUE } from './security-headers.js';

/** Express's compiled `trust proxy` (app.get('trust proxy fn')): which hops may say the request was HTTPS. */
export type TrustProxy = (address: string, hop: number) => boolean;

export interface FastPath {
  /** Answers the request itself, or calls `express` to leave it to Express untouched. */
  handle(req: IncomingMessage, res: ServerResponse, express: () => void): void;
  /** Responses sent, for tests that must know which path answered. */
  readonly served: number;
}

const ARTICLE = /^\/noticias\/([1-9]\d{0,9})(?:\/|$)/;

/** Express's req.secure, for the one header (HSTS) that depends on it. */
function isSecure(req: IncomingMessage, trust: TrustProxy): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  const forwarded = req.headers['x-forwarded-proto'];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  // The header first: without it no hop is asked whether it may be trusted.
  return proto === 'https' && trust(req.socket.remoteAddress ?? '', 0);
}

/**
 * Serves what is already in memory ahead of the Express stack, with the very bytes and headers Express
 * would send: the prerendered marketing pages and hashed client assets (loaded once), the news pages
 * the page cache holds right now, and articles it does not hold, rendered as Express would. Anything
 * else (a query string on a news page, a cookie, the editor, the API, any method but GET and HEAD) is
 * left to Express unchanged.
 */
export function createFastPath(deps: AppDeps, trust: TrustProxy, isDraining: () => boolean = () => false): FastPath {
  const files = precomputedFiles(deps).byPath;
  const cache = newsPageCache(deps);
  const security = securityHeaderSet(deps);
  let served = 0;
  // The whole header block of each variant, flattened once for writeHead: one call instead of a dozen setHeader.
  const blocks = { full: new WeakMap<Variant, unknown[]>(), notModified: new WeakMap<Variant, unknown[]>() };

  function send(req: IncomingMessage, res: ServerResponse, entry: Precomputed): void {
    const choice = choose(req, entry);
    if (isSecure(req, trust)) {
      // Rare on a plain-HTTP server (only behind a trusted TLS proxy): not worth a block of its own.
      for (const [name, value] of security) res.setHeader(name, value);
      res.setHeader('Strict-Transport-Security', HSTS_VALUE);
      for (const [name, value] of responseHeaders(entry, choice)) res.setHeader(name, value);
      res.statusCode = choice.notModified ? 304 : 200;
      res.end(choice.notModified ? undefined : choice.variant.body);
      return;
    }
    const cache = choice.notModified ? blocks.notModified : blocks.full;
    let block = cache.get(choice.variant);
    if (!block) {
      block = [...security, ...responseHeaders(entry, choice)].flat();
      cache.set(choice.variant, block);
    }
    res.writeHead(choice.notModified ? 304 : 200, block as string[]);
    res.end(choice.notModified ? undefined : choice.variant.body);
  }

  function newsPage(path: string, query: boolean, req: IncomingMessage): Precomputed | undefined {
    if (query || !cache.enabled || !sameForEveryone(req)) return undefined;
    let key: string | undefined;
    if (path === PATHS.news) key = listCacheKey(1);
    else {
      const id = ARTICLE.exec(path)?.[1];
      if (id) key = articleCacheKey(Number(id));
    }
    const hit = key === undefined ? undefined : cache.get(key);
    // Only the canonical URL: any other spelling gets Express's redirect.
    return hit && hit.path === path ? cachedResponse(hit, deps.config) : undefined;
  }

  /**
   * An article the cache does not hold is rendered here too (articleAnswer, as Express's handler does),
   * sparing a render Express's own cost, which is about that of the render itself. Anything but the
   * page at its canonical URL (a redirect, 404, 410, an error) is left to Express, which asks again.
   */
  function renderArticle(req: IncomingMessage, res: ServerResponse, path: string, id: number, express: () => void): void {
    articleAnswer(deps, cache, id, req).then((answer) => {
      if (answer.kind !== 'page' || answer.path !== path) return express();
      send(req, res, answer.response);
      served += 1;
    }, express);
  }

  return {
    get served() {
      return served;
    },
    handle(req, res, express) {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || isDraining()) return express();
      const url = req.url ?? '/';
      const queryAt = url.indexOf('?');
      const path = queryAt === -1 ? url : url.slice(0, queryAt);
      const entry = files.get(path) ?? (path.startsWith(PATHS.news) ? newsPage(path, queryAt !== -1, req) : undefined);
      if (entry) {
        send(req, res, entry);
        served += 1;
        return;
      }
      const id = queryAt === -1 && sameForEveryone(req) ? ARTICLE.exec(path)?.[1] : undefined;
      if (id === undefined) return express();
      renderArticle(req, res, path, Number(id), express);
    },
  };
}

/** A cookie may one day change what a news page shows (a signed-in editor): such requests go to Express. */
function sameForEveryone(req: IncomingMessage): boolean {
  return req.headers.cookie === undefined;
}
