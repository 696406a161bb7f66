import type { ErrorRequestHandler } from 'express';
import type { Logger } from '../logger.js';
import { clientError, logClientError } from '../lib/client-error.js';
import { newErrorId } from './error-id.js';
import type { StatusPages } from './status-pages.js';

/**
 * Last resort. A client's mistake (a URL that does not decode) gets the Portuguese 400 page; an
 * unexpected error is logged with an id and its stack, and only the id reaches the client.
 */
export function errorHandler(deps: { logger: Logger; statusPages: StatusPages }): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const failure = clientError(error, req);
    if (failure) {
      logClientError(deps, req, failure);
      if (failure.kind === 'aborted') {
        res.destroy();
        return;
      }
      deps.statusPages.sendBadRequest(res, failure);
      return;
    }
    const errorId = newErrorId();
    deps.logger.error({ err: error, errorId, method: req.method, url: req.originalUrl }, 'erro inesperado');
    res.status(500).type('text/plain; charset=utf-8').setHeader('Cache-Control', 'no-store');
    res.send(errorId);
  };
}
