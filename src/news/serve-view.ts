import type { Request, Response } from 'express';
import type { AppDeps } from '../app-deps.js';
import { isCrawler } from './crawler.js';
import { cacheControl } from './http-cache.js';
import type { CachedPage, PageCache } from './page-cache.js';
import { sendServerError } from './server-error.js';
import { streamDocument } from './stream-document.js';
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

/** Streams a loaded page and, once it is complete, keeps it for the next visitors. */
export function serveView(deps: AppDeps, req: Request, res: Response, view: NewsView, slot: CacheSlot): void {
  const { cache, key, ticket, land } = slot;
  streamDocument(res, {
    element: view.element,
    crawler: isCrawler(req.get('user-agent')),
    headers: { 'Cache-Control': cacheControl(deps.config) },
    ...(cache.enabled
      ? {
          onComplete: (html: Buffer) => {
            const fill = cache.fill(key, ticket, { path: view.path, contentType: HTML, body: html });
            land(fill);
            fill.catch((error: unknown) => {
              deps.logger.warn({ err: error, key }, 'página não guardada em cache');
            });
          },
        }
      : {}),
    onFailure: (error) => {
      land();
      void sendServerError(deps, req, res, error, { storage: false });
    },
    onLateError: (error) => deps.logger.error({ err: error, url: req.originalUrl }, 'erro ao transmitir página'),
  });
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
