import type { RequestHandler } from 'express';

const PAGE_METHODS = 'GET, HEAD';
/** POST to an address no route took is an old form's target that no longer exists: the 404 page says so. */
const LEFT_TO_NOT_FOUND = new Set(['GET', 'HEAD', 'POST']);

/**
 * After every router: TRACE, PUT, DELETE and the like on an address no route took are told which methods
 * the site's pages take (405 with Allow) instead of getting a page.
 */
export const methodNotAllowed: RequestHandler = (req, res, next) => {
  if (LEFT_TO_NOT_FOUND.has(req.method)) {
    next();
    return;
  }
  res.status(405).setHeader('Allow', PAGE_METHODS);
  res.setHeader('Cache-Control', 'no-store');
  res.type('text/plain; charset=utf-8').send(`Método ${req.method} não permitido neste endereço; use ${PAGE_METHODS}.`);
};
