import type { Request, Response } from 'express';
import type { AppDeps } from '../app-deps.js';
import { RETRY_AFTER_SECONDS, storageUnavailable } from '../db/storage-unavailable.js';
import { pageElement, renderPrerendered, type RenderContext } from '../entry-server.js';
import { renderWhole } from '../ssr/render-whole.js';
import { BAD_REQUEST_TITLE, BadRequestPage } from '../routes/bad-request.js';
import { GonePage, goneMeta } from '../routes/gone.js';
import { notFoundPage } from '../routes/not-found.js';
import { PATHS } from '../routes/paths.js';
import { SERVER_ERROR_TITLE, ServerErrorPage, UNAVAILABLE_TITLE } from '../routes/server-error.js';
import type { ClientError } from '../lib/client-error.js';
import { newErrorId } from './error-id.js';

/** The pages a request gets when there is no page for it, in Portuguese, for every router. */
export interface StatusPages {
  /** 404 with the site's "Página não encontrada." page. */
  sendNotFound(res: Response): void;
  /** 410 for an article that was public and was unpublished or deleted: crawlers drop it, readers are told. */
  sendGone(res: Response): void;
  /**
   * The error page with the error id the log holds beside the stack, never the stack itself. When
   * storage failed, a ping tells a database outage (503, try again) from a bug (500).
   */
  sendServerError(req: Request, res: Response, error: unknown, options: { storage: boolean }): Promise<void>;
  /** A client's mistake (a URL that does not decode): the 400 page. */
  sendBadRequest(res: Response, failure: ClientError): void;
}

const errorMeta = (title: string, description: string, path: string) => ({ title, description, keywords: [], path, noindex: true, jsonLd: [] });

export function createStatusPages(deps: RenderContext & Pick<AppDeps, 'repo' | 'logger'>): StatusPages {
  // These two depend only on the configuration and the assets: rendered on first use, then kept.
  let notFound: Buffer | undefined;
  let gone: Buffer | undefined;
  const html = (res: Response, status: number, cacheControl: string, body: Buffer) => {
    res.status(status).setHeader('Cache-Control', cacheControl);
    res.type('html').send(body);
  };
  return {
    sendNotFound(res) {
      notFound ??= renderPrerendered(deps, notFoundPage);
      html(res, 404, 'no-cache', notFound);
    },
    sendGone(res) {
      gone ??= renderWhole(pageElement(deps, goneMeta(deps.config.site), <GonePage />));
      res.setHeader('X-Robots-Tag', 'noindex');
      html(res, 410, 'no-cache', gone);
    },
    async sendServerError(req, res, error, { storage }) {
      const errorId = newErrorId();
      const unavailable = storage && (await storageUnavailable(deps.repo, error));
      deps.logger.error(
        { err: error, errorId, method: req.method, url: req.originalUrl },
        unavailable ? 'armazenamento indisponível' : 'falha ao montar página de notícias',
      );
      if (res.headersSent) return;
      res.status(unavailable ? 503 : 500);
      res.setHeader('Cache-Control', 'no-store');
      if (unavailable) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      try {
        const meta = errorMeta(unavailable ? UNAVAILABLE_TITLE : SERVER_ERROR_TITLE, 'Não foi possível exibir esta página agora.', req.path);
        res.type('html').send(renderWhole(pageElement(deps, meta, <ServerErrorPage errorId={errorId} unavailable={unavailable} />)));
      } catch (renderError) {
        deps.logger.error({ err: renderError, errorId }, 'falha ao montar a página de erro');
        res.type('text/plain; charset=utf-8').send(`Erro interno no servidor. ID: ${errorId}`);
      }
    },
    sendBadRequest(res, failure) {
      const meta = errorMeta(BAD_REQUEST_TITLE, 'O endereço pedido não é um link válido.', PATHS.notFound);
      html(res, failure.status, 'no-store', renderWhole(pageElement(deps, meta, <BadRequestPage />)));
    },
  };
}
