import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import type { AppDeps } from '../app-deps.js';
import { freshResponse } from '../http/fresh-response.js';
import type { Precomputed } from '../http/precomputed.js';
import { renderStaticDocument } from '../ssr/render.js';
import { cacheControl } from './http-cache.js';
import type { CachedPage, PageCache } from './page-cache.js';
import type { NewsView } from './view-types.js';

export const HTML = 'text/html; charset=utf-8';

export interface CacheSlot {
  cache: PageCache;
  key: string;
  /** From cache.ticket(), taken before the data was loaded. */
  ticket: number;
  /** From cache.takeOff(key): tells the requests waiting for this render how it ended. */
  land: (fill?: Promise<CachedPage | undefined>) => void;
}

/**
 * Renders a loaded page whole, hands a copy to the page cache (compressed there off the request path)
 * and returns this request's response, which like a cached page has Content-Length and an ETag. The
 * data is loaded before rendering and these pages have no Suspense, so the shell is the whole document
 * and streaming would only cost one compressor flush per React chunk (decision 013). Throws when the
 * render fails; the waiting requests are told either way.
 */
export function renderView(deps: Pick<AppDeps, 'config' | 'logger'>, req: IncomingMessage, view: NewsView, slot: CacheSlot): Precomputed {
  const { cache, key, ticket, land } = slot;
  try {
    const html = renderStaticDocument(view.element);
    if (cache.enabled) {
      const fill = cache.fill(key, ticket, { path: view.path, contentType: HTML, body: html });
      land(fill);
      fill.catch((error: unknown) => deps.logger.warn({ err: error, key }, 'página não guardada em cache'));
    }
    return freshResponse(req, HTML, cacheControl(deps.config), html);
  } finally {
    land();
  }
}

export function redirectPermanently(deps: AppDeps, res: Response, location: string): void {
  res.setHeader('Cache-Control', cacheControl(deps.config));
  res.redirect(301, location);
}

export function decodedPath(req: Request): string {
  try {
    return decodeURIComponent(req.path);
  } catch {
    return req.path;
  }
}
