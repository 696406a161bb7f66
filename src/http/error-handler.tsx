import type { ErrorRequestHandler, Response } from 'express';
import type { AppDeps } from '../app-deps.js';
import { pageDocument } from '../news/page-document.js';
import { BAD_REQUEST_TITLE, BadRequestPage } from '../pages/bad-request-page.js';
import { PATHS } from '../routes.js';
import { renderDocumentToString } from '../ssr/render.js';
import { clientError, logClientError, type ClientError } from './client-error.js';
import { newErrorId } from './error-id.js';

async function sendBadRequest(deps: AppDeps, res: Response, failure: ClientError): Promise<void> {
  const meta = {
    title: BAD_REQUEST_TITLE,
    description: 'O endereço pedido não é um link válido.',
    keywords: [],
    path: PATHS.notFound,
    noindex: true,
    jsonLd: [],
  };
  const html = await renderDocumentToString(pageDocument(deps, meta, <BadRequestPage />));
  res.status(failure.status).setHeader('Cache-Control', 'no-store');
  res.type('html').send(html);
}

/**
 * Last resort. A client's mistake (a URL that does not decode) gets the Portuguese 400 page; an
 * unexpected error is logged with an id and its stack, and only the id reaches the client.
 */
export function errorHandler(deps: AppDeps): ErrorRequestHandler {
  return async (error, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const failure = clientError(error);
    if (failure) {
      logClientError(deps, req, failure);
      if (failure.kind === 'aborted') {
        res.destroy();
        return;
      }
      await sendBadRequest(deps, res, failure);
      return;
    }
    const errorId = newErrorId();
    deps.logger.error({ err: error, errorId, method: req.method, url: req.originalUrl }, 'erro inesperado');
    res.status(500).type('text/plain; charset=utf-8').setHeader('Cache-Control', 'no-store');
    res.send(errorId);
  };
}
