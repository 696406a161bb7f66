import type { Request, RequestHandler, Response } from 'express';
import type { Repository } from '../db/repository.js';
import { ApiError } from '../lib/api-error.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { createPersonalKey, endOwnSession, revokePersonalKey } from '../workflow/account-credentials.js';
import type { EditorWorkflow } from '../workflow/editor-workflow.js';
import { personalKeyIdSchema, personalKeyRequestSchema, sessionIdSchema } from './account-schemas.js';
import { commandOf } from './command.js';
import { currentPerson } from './current-person.js';
import { sendOk } from './envelope.js';
import { validate } from './validate.js';

/**
 * The signed-in person's personal API keys and open sessions. Only a session opened on the site manages
 * them: a leaked key must not be able to mint more keys or end its owner's sessions.
 */
export function accountHandlers(repo: Repository, workflow: EditorWorkflow) {
  const { auth, sessions } = workflow;
  const sessionPerson = async (req: Request, res: Response, write: boolean) => {
    const editor = write ? await auth.authorize(req, res) : await auth.authorizeRead(req, res);
    const person = await currentPerson(repo.people, editor);
    if (editor.via !== 'sessao') throw new ApiError(403, PEOPLE_MESSAGES.sessionOnly);
    return person;
  };
  return {
    /** POST {api}/pessoas/eu/chaves { nome, senha_atual } → { id, nome, criada_em, usada_em, …, chave }: the key, this once. */
    createKey: (async (req, res) => {
      const person = await sessionPerson(req, res, true);
      sendOk(res, commandOf(res), await createPersonalKey(repo, workflow.confirmIdentity, req, person, validate(personalKeyRequestSchema, req.body)));
    }) satisfies RequestHandler,

    /** GET {api}/pessoas/eu/chaves: names and dates, never the keys. */
    listKeys: (async (req, res) => {
      const person = await sessionPerson(req, res, false);
      sendOk(res, commandOf(res), await repo.personalKeys.list(person.id));
    }) satisfies RequestHandler,

    /** DELETE {api}/pessoas/eu/chaves/{id}. */
    revokeKey: (async (req, res) => {
      const person = await sessionPerson(req, res, true);
      if (!(await revokePersonalKey(repo, req, person, validate(personalKeyIdSchema, req.params.id)))) throw new ApiError(404, PEOPLE_MESSAGES.keyNotFound);
      sendOk(res, commandOf(res), null);
    }) satisfies RequestHandler,

    /** GET {api}/pessoas/eu/sessoes: open sessions, newest first, this one marked. */
    listSessions: (async (req, res) => {
      const person = await sessionPerson(req, res, false);
      sendOk(res, commandOf(res), await sessions.listOwn(req, person.id));
    }) satisfies RequestHandler,

    /** DELETE {api}/pessoas/eu/sessoes/{id}: that browser is signed out at its next request. */
    endSession: (async (req, res) => {
      const person = await sessionPerson(req, res, true);
      if (!(await endOwnSession(repo, sessions, req, person, validate(sessionIdSchema, req.params.id)))) throw new ApiError(404, PEOPLE_MESSAGES.sessionNotFound);
      sendOk(res, commandOf(res), null);
    }) satisfies RequestHandler,
  };
}
