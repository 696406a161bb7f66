import { Router } from 'express';
import type { AppDeps } from '../app-deps.js';
import { createApiErrorHandler } from './api-error-handler.js';
import { getArticleHandler, latestArticlesHandler, nextIdHandler, searchHandler } from './article-queries.js';
import { command } from './command.js';
import { changeStatusHandler, deleteArticleHandler, restoreRevisionHandler, updateArticleHandler } from './article-edits.js';
import { createArticleHandler } from './create-article.js';
import { approveReviewHandler } from './medical-review.js';
import { signersHandler } from './signers-handler.js';
import { editorListHandler, revisionHandler, revisionsHandler } from './editor-reads.js';
import { sendFailure } from './envelope.js';
import { imageUpload } from './image-upload.js';
import { JSON_BODY } from './json-body.js';
import { MESSAGES } from '../lib/messages.js';
import { openApiHandler } from './openapi.js';
import { uploadImageHandler } from './upload-image.js';
import { methodNotAllowed } from '../lib/method-not-allowed.js';
import type { EditorWorkflow } from '../workflow/index.js';
import { closeSessionHandler, openSessionHandler, readSessionHandler } from './session-handlers.js';
import {
  acceptInvitationHandler,
  auditHandler,
  forgotPasswordHandler,
  invitePersonHandler,
  issuePasswordResetHandler,
  listPeopleHandler,
  resetPasswordHandler,
  updatePersonHandler,
} from './people-handlers.js';
import { passkeyCeremonies, relyingParty } from '../workflow/passkey-ceremonies.js';
import { passkeyHandlers } from './passkey-handlers.js';
import { accountHandlers } from './account-handlers.js';
import { listTopicsHandler, renameTopicHandler } from './topic-handlers.js';

const refuseMethod = (allowed: string) =>
  methodNotAllowed(allowed, (req, res) => sendFailure(res, 405, req.path.slice(1), [MESSAGES.methodNotAllowed(req.method, allowed)]));

/**
 * The articles API of spec section 7, mounted at config.apiBasePath. One line per endpoint, and one
 * line per endpoint in openapi-table.ts too (test/api/openapi.test.ts holds the two together).
 */
export function createApiRouter(deps: Pick<AppDeps, 'config' | 'repo' | 'logger'>, workflow: EditorWorkflow): Router {
  const { config, repo, logger } = deps;
  const { auth, sessions } = workflow;
  const router = Router();
  const account = accountHandlers(repo, workflow);
  const passkeys = passkeyHandlers(repo, workflow, passkeyCeremonies(repo.passkeys, relyingParty(config.site)));

  router.post('/sessao', command('sessao'), JSON_BODY, openSessionHandler(workflow));
  router.get('/sessao', command('sessao'), readSessionHandler(sessions));
  router.post('/sessao/sair', command('sessao/sair'), closeSessionHandler(workflow));
  router.delete('/sessao', command('sessao'), closeSessionHandler(workflow));
  router.all('/sessao', refuseMethod('GET, POST, DELETE'));
  router.all('/sessao/sair', refuseMethod('POST'));
  router.post('/sessao/passkey/opcoes', command('sessao/passkey/opcoes'), passkeys.signInOptions);
  router.all('/sessao/passkey/opcoes', refuseMethod('POST'));
  router.post('/sessao/passkey', command('sessao/passkey'), JSON_BODY, passkeys.signIn);
  router.all('/sessao/passkey', refuseMethod('POST'));
  router.post('/artigos/novo', command('artigos/novo'), JSON_BODY, createArticleHandler(repo, auth, logger));
  router.get('/artigos/next-id', command('artigos/next-id'), nextIdHandler(repo));
  router.post('/artigos/ultimas-noticias', command('artigos/ultimas-noticias'), JSON_BODY, latestArticlesHandler(repo));
  router.post('/artigos/busca', command('artigos/busca'), JSON_BODY, searchHandler(repo));
  router.post('/artigos/upload-imagem', command('artigos/upload-imagem'), imageUpload, uploadImageHandler(repo, auth.authorize, logger));
  router.all('/artigos/novo', refuseMethod('POST'));
  router.all('/artigos/ultimas-noticias', refuseMethod('POST'));
  router.all('/artigos/busca', refuseMethod('POST'));
  router.all('/artigos/upload-imagem', refuseMethod('POST'));
  router.all('/artigos/next-id', refuseMethod('GET'));
  router.post('/artigos/lista', command('artigos/lista'), JSON_BODY, editorListHandler(repo, auth));
  router.all('/artigos/lista', refuseMethod('POST'));
  router.get('/artigos/:id', command('artigos/id'), getArticleHandler(repo, auth, config.site));
  router.put('/artigos/:id', command('artigos/id'), JSON_BODY, updateArticleHandler(repo, auth, logger));
  router.delete('/artigos/:id', command('artigos/id'), JSON_BODY, deleteArticleHandler(repo, auth, logger));
  router.all('/artigos/:id', refuseMethod('GET, PUT, DELETE'));
  router.post('/artigos/:id/status', command('artigos/id/status'), JSON_BODY, changeStatusHandler(repo, auth, logger));
  router.all('/artigos/:id/status', refuseMethod('POST'));
  router.post('/artigos/:id/revisao-medica', command('artigos/id/revisao-medica'), JSON_BODY, approveReviewHandler(repo, auth, logger));
  router.all('/artigos/:id/revisao-medica', refuseMethod('POST'));
  router.get('/artigos/:id/revisoes', command('artigos/id/revisoes'), revisionsHandler(repo, auth));
  router.all('/artigos/:id/revisoes', refuseMethod('GET'));
  router.get('/artigos/:id/revisoes/:versao', command('artigos/id/revisoes/versao'), revisionHandler(repo, auth));
  router.all('/artigos/:id/revisoes/:versao', refuseMethod('GET'));
  router.post('/artigos/:id/revisoes/:versao/restaurar', command('artigos/id/revisoes/versao/restaurar'), JSON_BODY, restoreRevisionHandler(repo, auth, logger));
  router.all('/artigos/:id/revisoes/:versao/restaurar', refuseMethod('POST'));
  router.post('/pessoas/convites', command('pessoas/convites'), JSON_BODY, invitePersonHandler(repo, auth, workflow.links));
  router.all('/pessoas/convites', refuseMethod('POST'));
  router.post('/pessoas/convites/:token', command('pessoas/convites/token'), JSON_BODY, acceptInvitationHandler(repo, config.site));
  router.all('/pessoas/convites/:token', refuseMethod('POST'));
  router.post('/pessoas/senha/esqueci', command('pessoas/senha/esqueci'), JSON_BODY, forgotPasswordHandler(workflow.requestPasswordReset));
  router.all('/pessoas/senha/esqueci', refuseMethod('POST'));
  router.post('/pessoas/redefinicoes/:token', command('pessoas/redefinicoes/token'), JSON_BODY, resetPasswordHandler(repo, config.site, workflow.signIn));
  router.all('/pessoas/redefinicoes/:token', refuseMethod('POST'));
  router.post('/pessoas/eu/passkeys/opcoes', command('pessoas/eu/passkeys/opcoes'), JSON_BODY, passkeys.registrationOptions);
  router.all('/pessoas/eu/passkeys/opcoes', refuseMethod('POST'));
  router.get('/pessoas/eu/passkeys', command('pessoas/eu/passkeys'), passkeys.list);
  router.post('/pessoas/eu/passkeys', command('pessoas/eu/passkeys'), JSON_BODY, passkeys.register);
  router.all('/pessoas/eu/passkeys', refuseMethod('GET, POST'));
  router.delete('/pessoas/eu/passkeys/:id', command('pessoas/eu/passkeys/id'), passkeys.remove);
  router.all('/pessoas/eu/passkeys/:id', refuseMethod('DELETE'));
  router.get('/pessoas/eu/chaves', command('pessoas/eu/chaves'), account.listKeys);
  router.post('/pessoas/eu/chaves', command('pessoas/eu/chaves'), JSON_BODY, account.createKey);
  router.all('/pessoas/eu/chaves', refuseMethod('GET, POST'));
  router.delete('/pessoas/eu/chaves/:id', command('pessoas/eu/chaves/id'), account.revokeKey);
  router.all('/pessoas/eu/chaves/:id', refuseMethod('DELETE'));
  router.get('/pessoas/eu/sessoes', command('pessoas/eu/sessoes'), account.listSessions);
  router.all('/pessoas/eu/sessoes', refuseMethod('GET'));
  router.delete('/pessoas/eu/sessoes/:id', command('pessoas/eu/sessoes/id'), account.endSession);
  router.all('/pessoas/eu/sessoes/:id', refuseMethod('DELETE'));
  router.get('/pessoas/passkey-exigida', command('pessoas/passkey-exigida'), passkeys.requiredRoles);
  router.put('/pessoas/passkey-exigida', command('pessoas/passkey-exigida'), JSON_BODY, passkeys.requireForRoles);
  router.all('/pessoas/passkey-exigida', refuseMethod('GET, PUT'));
  router.get('/pessoas/assinaturas', command('pessoas/assinaturas'), signersHandler(repo, auth));
  router.all('/pessoas/assinaturas', refuseMethod('GET'));
  router.get('/pessoas', command('pessoas'), listPeopleHandler(repo, auth));
  router.all('/pessoas', refuseMethod('GET'));
  router.patch('/pessoas/:id', command('pessoas/id'), JSON_BODY, updatePersonHandler(repo, auth));
  router.all('/pessoas/:id', refuseMethod('PATCH'));
  router.post('/pessoas/:id/redefinicao', command('pessoas/id/redefinicao'), JSON_BODY, issuePasswordResetHandler(repo, auth, workflow.links));
  router.all('/pessoas/:id/redefinicao', refuseMethod('POST'));
  router.get('/temas', command('temas'), listTopicsHandler(repo, auth));
  router.all('/temas', refuseMethod('GET'));
  router.patch('/temas/:slug', command('temas/slug'), JSON_BODY, renameTopicHandler(repo, auth));
  router.all('/temas/:slug', refuseMethod('PATCH'));
  router.get('/auditoria', command('auditoria'), auditHandler(repo, auth));
  router.all('/auditoria', refuseMethod('GET'));
  router.get('/openapi.json', openApiHandler(config));
  router.all('/openapi.json', refuseMethod('GET'));
  router.use((req, res) => sendFailure(res, 404, req.path.slice(1), [MESSAGES.endpointNotFound]));
  router.use(createApiErrorHandler(repo, logger));
  return router;
}
