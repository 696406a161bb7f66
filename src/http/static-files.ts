import { existsSync } from 'node:fs';
import type { RequestHandler } from 'express';
import sirv from 'sirv';
import type { AppDeps } from '../app-deps.js';
import { staticPages } from '../routes.js';

/**
 * Built client files (hashed, cached for a year) and prerendered pages (revalidated with ETag),
 * both served with their precompressed .br/.gz variants.
 */
export function staticFiles({ clientDir, staticDir, config }: AppDeps): RequestHandler[] {
  const client = sirv(clientDir, {
    etag: true,
    brotli: true,
    gzip: true,
    dotfiles: false,
    setHeaders(res, pathname) {
      // sirv's MIME table has no entry for .ico.
      if (pathname.endsWith('.ico')) res.setHeader('Content-Type', 'image/x-icon');
      const hashed = pathname.startsWith('/assets/');
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=86400');
    },
  });
  // No prerendered pages (development, or an app built by a test): the marketing router renders them.
  // An empty path must never reach sirv, which would then serve the working directory.
  if (!staticDir || !existsSync(staticDir)) return [client];
  const pages = sirv(staticDir, {
    etag: true,
    brotli: true,
    gzip: true,
    extensions: ['html'],
    setHeaders(res) {
      res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
    },
  });
  // Only at their own URL: /prontivo/, /PRONTIVO or /prontivo.html fall through to the marketing
  // router (a 301 to /prontivo) or to the 404 page, so each page has exactly one address.
  const pagePaths = new Set(staticPages(config.site).map((page) => page.path));
  const exactPages: RequestHandler = (req, res, next) => (pagePaths.has(req.path) ? pages(req, res, next) : next());
  return [client, exactPages];
}
