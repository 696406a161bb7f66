import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { ArticleRepository } from '../db/repository.js';
import { ApiError } from '../lib/api-error.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { hashPassword, passwordMatches } from '../people/passwords.js';
import { recordAudit } from '../workflow/audit-trail.js';
import type { EditorSessions } from '../workflow/editor-sessions.js';
import type { EditorWorkflow } from '../workflow/editor-workflow.js';
import { clientAddress, TooManyKeyFailures } from '../workflow/failed-key-limiter.js';
import { WORKFLOW_MESSAGES } from '../workflow/messages.js';
import { commandOf } from './command.js';
import { sendOk } from './envelope.js';
import { passwordSignInSchema } from './people-schemas.js';
import { validate } from './validate.js';

/**
 * POST {api}/sessao: { key } → { autor }, or { email, senha } → { autor, papel }, with the session cookie.
 * An unknown address and a wrong password get the same answer after the same work (a password is
 * checked against a decoy hash when there is no account); failures count per address and per account.
 */
export function openSessionHandler(workflow: EditorWorkflow, repo: ArticleRepository): RequestHandler {
  const { sessions, failures } = workflow;
  const decoy = hashPassword(randomBytes(16).toString('hex'));
  return async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.email === undefined) {
      const { autor } = await sessions.open(req, res, body.key);
      await recordAudit(repo.audit, req, { author: autor, personId: null }, 'entrou');
      sendOk(res, commandOf(res), { autor });
      return;
    }
    const { email, senha } = validate(passwordSignInSchema, body);
    const address = clientAddress(req);
    const account = email.trim().toLowerCase();
    const locked = Math.max(failures.byAddress.lockedFor(address), failures.byAccount.lockedFor(account));
    if (locked > 0) throw new TooManyKeyFailures(locked, PEOPLE_MESSAGES.tooManyFailures);
    const person = await repo.people.findByEmail(account);
    const stored = person?.ativo ? person.senha_hash : null;
    const matches = await passwordMatches(stored ?? (await decoy), senha);
    if (!person || stored === null || !matches) {
      failures.byAddress.count(address);
      failures.byAccount.count(account);
      await recordAudit(repo.audit, req, { author: account, personId: person?.id ?? null }, 'entrada-recusada');
      throw new ApiError(403, PEOPLE_MESSAGES.signInRefused);
    }
    await sessions.openFor(req, res, person);
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
