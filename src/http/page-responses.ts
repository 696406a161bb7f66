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

/**
 * What a stale copy is sent with while the database is away: a CDN or browser may keep it but must ask
 * again before reusing it (ETag, so the same bytes come back as a 304 once the page renders again), rather
 * than serve the old page for the usual lifetime after the outage.
 */
export const STALE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/**
 * A stale copy as a response. Its variants are copies: the fast path keeps each variant's header block,
 * Cache-Control included, keyed by the variant, and the same page served fresh later must not get these.
 */
export function staleResponse(page: CachedPage): Precomputed {
  const { identity, br, gzip } = page.variants;
  return { contentType: page.contentType, cacheControl: STALE_CACHE_CONTROL, variants: { identity: { ...identity }, br: { ...br }, gzip: { ...gzip } } };
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
