import type { ErrorRequestHandler } from 'express';
import type { AppDeps } from '../app-deps.js';
import { newErrorId } from './error-id.js';

/** Last resort: an unexpected error is logged with an id; only the id reaches the client. */
export function errorHandler({ logger }: AppDeps): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const errorId = newErrorId();
    logger.error({ err: error, errorId, method: req.method, url: req.originalUrl }, 'erro inesperado');
    res.status(500).type('text/plain; charset=utf-8').setHeader('Cache-Control', 'no-store');
    res.send(errorId);
  };
}
