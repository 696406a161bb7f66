import type { Request, Response } from 'express';
import type { Config } from '../config.js';

export const HTML = 'text/html; charset=utf-8';
import { sendPrecomputed, type Precomputed } from './precomputed.js';
import type { CachedPage } from './page-cache.js';

export function cacheControl({ pageCache }: Pick<Config, 'pageCache'>): string {
  return `public, max-age=${pageCache.maxAge}, stale-while-revalidate=${pageCache.staleWhileRevalidate}`;
}

/** A cached page as the response both the fast path and Express send. */
export function cachedResponse(page: CachedPage, config: Pick<Config, 'pageCache'>): Precomputed {
  return { contentType: page.contentType, cacheControl: cacheControl(config), variants: page.variants };
}

/** A page made once (cached or just rendered) in its own encoding, which compression() leaves alone; 304 when the client has it. */
export function sendPage(req: Request, res: Response, response: Precomputed): void {
  res.locals.precomputed = true;
  sendPrecomputed(req, res, response);
}

/** Answers from the cache: the precompressed bytes the client prefers, or 304 when it already has them. */
export function sendCachedPage(req: Request, res: Response, page: CachedPage, config: Pick<Config, 'pageCache'>): void {
  sendPage(req, res, cachedResponse(page, config));
}
