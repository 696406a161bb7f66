import type { RequestHandler } from 'express';
import { ApiError } from '../lib/api-error.js';
import type { EditorSessions, SignedIn } from '../workflow/editor-sessions.js';
import type { EditorWorkflow } from '../workflow/editor-workflow.js';
import { WORKFLOW_MESSAGES } from '../workflow/messages.js';
import { commandOf } from './command.js';
import { sendOk } from './envelope.js';
import { passwordSignInSchema } from './people-schemas.js';
import { validate } from './validate.js';

/** What a person's sign-in answers, by password or passkey. */
export const personSignedIn = ({ autor, papel }: SignedIn) => ({ nome: autor, papel, autor });

/**
 * POST {api}/sessao: { key } → { autor }, or { email, senha } → { nome, papel } (and `autor`, the same
 * name, as before), with the session cookie (passwordCheck says how refusals look alike and are counted).
 */
export function openSessionHandler(workflow: EditorWorkflow): RequestHandler {
  return async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.email === undefined) {
      const { autor } = await workflow.signIn.withKey(req, res, body.key);
      sendOk(res, commandOf(res), { autor });
      return;
    }
    const { email, senha } = validate(passwordSignInSchema, body);
    sendOk(res, commandOf(res), personSignedIn(await workflow.signIn.withPassword(req, res, email, senha)));
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
export function closeSessionHandler(workflow: EditorWorkflow): RequestHandler {
  return async (req, res) => {
    await workflow.signIn.signOut(req, res);
    sendOk(res, commandOf(res), null);
  };
}
