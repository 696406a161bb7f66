import { Router, type RequestHandler } from 'express';
import type { AppDeps } from '../app-deps.js';
import { createApiErrorHandler } from './api-error-handler.js';
import { getArticleHandler, latestArticlesHandler, nextIdHandler } from './article-queries.js';
import { command } from './command.js';
import { createArticleHandler } from './create-article.js';
import { sendFailure } from './envelope.js';
import { imageUpload } from './image-upload.js';
import { jsonBody } from './json-body.js';
import { MESSAGES } from './messages.js';
import { openApiHandler } from './openapi.js';
import { uploadImageHandler } from './upload-image.js';
import { editorWorkflow } from '../workflow/index.js';
import { closeSessionHandler, openSessionHandler, readSessionHandler } from '../workflow/session-handlers.js';

const methodNotAllowed =
  (allowed: string): RequestHandler =>
  (req, res) => {
    res.setHeader('Allow', allowed);
    sendFailure(res, 405, req.path.slice(1), [MESSAGES.methodNotAllowed(req.method, allowed)]);
  };

/**
 * The articles API of spec section 7, mounted at config.apiBasePath. One line per endpoint, and one
 * line per endpoint in openapi-table.ts too (test/api/openapi.test.ts holds the two together).
 */
export function createApiRouter(deps: AppDeps): Router {
  const { config, repo, logger } = deps;
  const { auth, sessions, limitFailedKeys } = editorWorkflow(deps);
  const router = Router();

  router.post('/sessao', command('sessao'), limitFailedKeys, jsonBody, openSessionHandler(sessions));
  router.get('/sessao', command('sessao'), readSessionHandler(sessions));
  router.post('/sessao/sair', command('sessao/sair'), closeSessionHandler(sessions));
  router.all('/sessao', methodNotAllowed('GET, POST'));
  router.all('/sessao/sair', methodNotAllowed('POST'));
  router.post('/artigos/novo', command('artigos/novo'), limitFailedKeys, jsonBody, createArticleHandler(repo, auth, logger));
  router.get('/artigos/next-id', command('artigos/next-id'), nextIdHandler(repo));
  router.post('/artigos/ultimas-noticias', command('artigos/ultimas-noticias'), jsonBody, latestArticlesHandler(repo));
  router.post('/artigos/upload-imagem', command('artigos/upload-imagem'), limitFailedKeys, imageUpload, uploadImageHandler(repo, auth.authorize, logger));
  router.all('/artigos/novo', methodNotAllowed('POST'));
  router.all('/artigos/ultimas-noticias', methodNotAllowed('POST'));
  router.all('/artigos/upload-imagem', methodNotAllowed('POST'));
  router.all('/artigos/next-id', methodNotAllowed('GET'));
  router.get('/artigos/:id', command('artigos/id'), getArticleHandler(repo));
  router.all('/artigos/:id', methodNotAllowed('GET'));
  router.get('/openapi.json', openApiHandler(config));
  router.all('/openapi.json', methodNotAllowed('GET'));
  router.use((req, res) => sendFailure(res, 404, req.path.slice(1), [MESSAGES.endpointNotFound]));
  router.use(createApiErrorHandler(repo, logger));
  return router;
}
