import type { RequestHandler } from 'express';
import sirv from 'sirv';
import type { AppContext } from './app-context.js';
import { sendPrecomputed } from './precomputed.js';
import { HASHED_CACHE_CONTROL } from './precomputed-files.js';

/**
 * Prerendered pages and hashed client assets from memory (the same responses the fast path sends), then
 * the other built client files and public/ (icons, manifest) through sirv with their .br/.gz variants.
 * Pages only at their own URL: /prontivo/, /PRONTIVO or /prontivo.html fall through to the marketing
 * router (a 301 to /prontivo) or to the 404 page, so each page has exactly one address.
 */
export function staticFiles(deps: Pick<AppContext, 'files' | 'clientDir'>): RequestHandler[] {
  const { byPath } = deps.files;
  const inMemory: RequestHandler = (req, res, next) => {
    const entry = req.method === 'GET' || req.method === 'HEAD' ? byPath.get(req.path) : undefined;
    if (!entry) {
      next();
      return;
    }
    res.locals.precomputed = true;
    sendPrecomputed(req, res, entry);
  };
  const client = sirv(deps.clientDir, {
    etag: true,
    brotli: true,
    gzip: true,
    dotfiles: false,
    setHeaders(res, pathname) {
      // sirv's MIME table has no entry for .ico.
      if (pathname.endsWith('.ico')) res.setHeader('Content-Type', 'image/x-icon');
      const hashed = pathname.startsWith('/assets/');
      res.setHeader('Cache-Control', hashed ? HASHED_CACHE_CONTROL : 'public, max-age=86400');
    },
  });
  // sirv answers any method; only GET and HEAD read a file (anything else ends in a 405).
  const readOnly: RequestHandler = (req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? client(req, res, next) : next());
  return [inMemory, readOnly];
}
