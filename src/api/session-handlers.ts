import type { RequestHandler } from 'express';
import { ApiError } from '../lib/api-error.js';
import { commandOf } from './command.js';
import { sendOk } from './envelope.js';
import type { EditorSessions } from '../workflow/editor-sessions.js';
import { WORKFLOW_MESSAGES } from '../workflow/messages.js';

/** POST {api}/sessao: { key } → { autor }, with the session cookie. */
export function openSessionHandler(sessions: EditorSessions): RequestHandler {
  return async (req, res) => {
    const { autor } = await sessions.open(req, res, (req.body as Record<string, unknown>).key);
    sendOk(res, commandOf(res), { autor });
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
export function closeSessionHandler(sessions: EditorSessions): RequestHandler {
  return async (req, res) => {
    await sessions.close(req, res);
    sendOk(res, commandOf(res), null);
  };
}
