import type { Request, Response } from 'express';
import type { AppDeps } from '../app-deps.js';
import { RETRY_AFTER_SECONDS, storageUnavailable } from '../db/storage-unavailable.js';
import { newErrorId } from '../http/error-id.js';
import { SERVER_ERROR_TITLE, ServerErrorPage, UNAVAILABLE_TITLE } from '../pages/server-error-page.js';
import { renderDocumentToString } from '../ssr/render.js';
import { pageDocument } from './page-document.js';

/**
 * The Portuguese error page with the error id the log holds beside the stack; never the stack itself.
 * When storage failed, a ping tells a database outage (503, try again) from a bug (500).
 */
export async function sendServerError(
  deps: AppDeps,
  req: Request,
  res: Response,
  error: unknown,
  options: { storage: boolean },
): Promise<void> {
  const errorId = newErrorId();
  const unavailable = options.storage && (await storageUnavailable(deps.repo));
  deps.logger.error(
    { err: error, errorId, method: req.method, url: req.originalUrl },
    unavailable ? 'armazenamento indisponível' : 'falha ao montar página de notícias',
  );
  if (res.headersSent) return;
  res.status(unavailable ? 503 : 500);
  res.setHeader('Cache-Control', 'no-store');
  if (unavailable) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  const meta = {
    title: unavailable ? UNAVAILABLE_TITLE : SERVER_ERROR_TITLE,
    description: 'Não foi possível exibir esta página agora.',
    keywords: [],
    path: req.path,
    noindex: true,
    jsonLd: [],
  };
  try {
    const html = await renderDocumentToString(pageDocument(deps, meta, <ServerErrorPage errorId={errorId} unavailable={unavailable} />));
    res.type('html').send(html);
  } catch (renderError) {
    deps.logger.error({ err: renderError, errorId }, 'falha ao montar a página de erro');
    res.type('text/plain; charset=utf-8').send(`Erro interno no servidor. ID: ${errorId}`);
  }
}
