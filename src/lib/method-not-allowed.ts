import type { Request, RequestHandler, Response } from 'express';

/** 405 with Allow, for an address that exists but not with this method; `explain` writes the body in the address's own format. */
export function methodNotAllowed(allowed: string, explain: (req: Request, res: Response, allowed: string) => void): RequestHandler {
  return (req, res) => {
    res.status(405).setHeader('Allow', allowed);
    explain(req, res, allowed);
  };
}

const PAGE_METHODS = 'GET, HEAD';
/** POST to an address no route took is an old form's target that no longer exists: the 404 page says so. */
const LEFT_TO_NOT_FOUND = new Set(['GET', 'HEAD', 'POST']);

const refusePageMethod = methodNotAllowed(PAGE_METHODS, (req, res, allowed) => {
  res.setHeader('Cache-Control', 'no-store');
  res.type('text/plain; charset=utf-8').send(`Método ${req.method} não permitido neste endereço; use ${allowed}.`);
});

/**
 * After every router: TRACE, PUT, DELETE and the like on an address no route took are told which methods
 * the site's pages take instead of getting a page.
 */
export const pageMethodNotAllowed: RequestHandler = (req, res, next) => {
  if (LEFT_TO_NOT_FOUND.has(req.method)) next();
  else refusePageMethod(req, res, next);
};
