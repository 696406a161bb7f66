import type { Request, Response } from 'express';
import type { Config } from '../config.js';
import type { CachedPage, Encoding } from './page-cache.js';

export function cacheControl({ pageCache }: Pick<Config, 'pageCache'>): string {
  return `public, max-age=${pageCache.maxAge}, stale-while-revalidate=${pageCache.staleWhileRevalidate}`;
}

export function preferredEncoding(req: Request): Encoding {
  const encoding = req.acceptsEncodings('br', 'gzip');
  return encoding === 'br' || encoding === 'gzip' ? encoding : 'identity';
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2); any variant of the same content matches. */
export function isNotModified(header: string | undefined, page: CachedPage): boolean {
  if (!header) return false;
  const current = new Set(Object.values(page.variants).map((variant) => variant.etag));
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || current.has(tag));
}

/** Answers from the cache: the precompressed bytes the client prefers, or 304 when it already has them. */
export function sendCachedPage(req: Request, res: Response, page: CachedPage, config: Pick<Config, 'pageCache'>): void {
  const encoding = preferredEncoding(req);
  const variant = page.variants[encoding];
  res.setHeader('Cache-Control', cacheControl(config));
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', variant.etag);
  if (isNotModified(req.headers['if-none-match'], page)) {
    res.status(304).end();
    return;
  }
  res.status(200);
  res.setHeader('Content-Type', page.contentType);
  res.setHeader('Content-Length', variant.body.length);
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.end(variant.body);
}
