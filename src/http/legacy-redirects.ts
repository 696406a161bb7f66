import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ImportedArticle } from '../db/import-store.js';
import { articlePath } from '../routes/paths.js';
import type { AppContext } from './app-context.js';

/** A WordPress post id as /?p= and /?page_id= give it. */
const POST_ID = /^[1-9]\d{0,9}$/;
/** An old path worth a lookup: printable, not absurdly long. */
const OLD_PATH = /^\/[^\s?#]{1,300}$/;

function redirect(res: Response, article: ImportedArticle): void {
  // Permanent, and cacheable for a day: the article could still be unpublished or removed.
  res.setHeader('Cache-Control', 'public, max-age=86400');
  res.redirect(301, articlePath(article));
}

const readable = (req: Request) => req.method === 'GET' || req.method === 'HEAD';

/**
 * WordPress's /?p=123 and /?page_id=2 answered with a 301 to the imported article (issue 34). Only the
 * home page with one of those parameters is looked at, before the home page would answer it; the
 * fast path never sees them (it leaves every query string to Express).
 */
export function wordPressIdRedirects(ctx: AppContext): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path !== '/' || !readable(req)) return next();
    const id = req.query.p ?? req.query.page_id;
    if (typeof id !== 'string' || !POST_ID.test(id)) return next();
    ctx.repo.imports.publicByWordPressId(Number(id)).then((article) => (article ? redirect(res, article) : next()), next);
  };
}

/**
 * An imported item's old path (/2024/05/slug/, /sobre/) answered with a 301 to its article. It runs
 * where the page would otherwise be a 404: a page the site has never pays for the lookup.
 */
export function oldPathRedirects(ctx: AppContext): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!readable(req) || !OLD_PATH.test(req.path)) return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path).replace(/\/+$/, '');
    } catch {
      return next();
    }
    if (!path) return next();
    ctx.repo.imports.publicByOldPath(path).then((article) => (article ? redirect(res, article) : next()), next);
  };
}
