import type { RequestHandler } from 'express';
import type { ArticleRepository } from '../db/repository.js';
import { ApiError } from '../lib/api-error.js';
import { recordAudit } from '../workflow/audit-trail.js';
import type { EditorSessions } from '../workflow/editor-sessions.js';
import type { EditorWorkflow } from '../workflow/editor-workflow.js';
import { WORKFLOW_MESSAGES } from '../workflow/messages.js';
import { commandOf } from './command.js';
import { sendOk } from './envelope.js';
import { passwordSignInSchema } from './people-schemas.js';
import { validate } from './validate.js';

/**
 * POST {api}/sessao: { key } → { autor }, or { email, senha } → { autor, papel }, with the session cookie
 * (passwordCheck says how refusals look alike and are counted).
 */
export function openSessionHandler(workflow: EditorWorkflow, repo: ArticleRepository): RequestHandler {
  const { sessions } = workflow;
  return async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.email === undefined) {
      const { autor } = await sessions.open(req, res, body.key);
      await recordAudit(repo.audit, req, { author: autor, personId: null }, 'entrou');
      sendOk(res, commandOf(res), { autor });
      return;
    }
    const { email, senha } = validate(passwordSignInSchema, body);
    const person = await workflow.checkPassword(req, email, senha);
    await sessions.openFor(req, res, person, 'senha');
    await recordAudit(repo.audit, req, { author: person.nome, personId: person.id }, 'entrou');
    sendOk(res, commandOf(res), { autor: person.nome, papel: person.papel });
  };
}

/** GET {api}/sessao: who is signed in, or 401. */
export function readSessionHandler(sessions: EditorSessions): RequestHandler {
  return async (req, res) => {
    const session = await sessions.read(req, res);
    if (!session) throw new ApiError(401, WORKFLOW_MESSAGES.sessionMissing);
    sendOk(res, commandOf(res), { autor: session.autor });
  };
}

/** POST {api}/sessao/sair: always succeeds, so signing out twice is harmless. */
export function closeSessionHandler(sessions: EditorSessions, repo: ArticleRepository): RequestHandler {
  return async (req, res) => {
    const session = await sessions.read(req);
    await sessions.close(req, res);
    if (session) await recordAudit(repo.audit, req, { author: session.autor, personId: session.id_pessoa }, 'saiu');
    sendOk(res, commandOf(res), null);
  };
}
