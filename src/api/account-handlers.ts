import type { z } from 'zod';
import { ApiError } from '../lib/api-error.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { createPersonalKey, endOwnSession, revokePersonalKey } from '../workflow/account-credentials.js';
import type { personalKeyRequestSchema } from './account-schemas.js';
import type { PersonContext } from './api-context.js';

/**
 * The signed-in person's personal API keys and open sessions. Only a session opened on the site manages
 * them (the table's `person: 'session'`): a leaked key must not be able to mint more keys or end its
 * owner's sessions.
 */

/** POST {api}/pessoas/eu/chaves { nome, senha_atual } → { id, nome, criada_em, usada_em, …, chave }: the key, this once. */
export async function createKey({ body }: { body: z.output<typeof personalKeyRequestSchema> }, { repo, workflow, person, req }: PersonContext) {
  return createPersonalKey(repo, workflow.confirmIdentity, req, person, body);
}

/** GET {api}/pessoas/eu/chaves: names and dates, never the keys. */
export async function listKeys(_input: unknown, { repo, person }: PersonContext) {
  return repo.personalKeys.list(person.id);
}

/** DELETE {api}/pessoas/eu/chaves/{id}. */
export async function revokeKey({ params }: { params: { id: number } }, { repo, person, req }: PersonContext) {
  if (!(await revokePersonalKey(repo, req, person, params.id))) throw new ApiError(404, PEOPLE_MESSAGES.keyNotFound);
  return null;
}

/** GET {api}/pessoas/eu/sessoes: open sessions, newest first, this one marked. */
export async function listSessions(_input: unknown, { workflow, person, req }: PersonContext) {
  return workflow.sessions.listOwn(req, person.id);
}

/** DELETE {api}/pessoas/eu/sessoes/{id}: that browser is signed out at its next request. */
export async function endSession({ params }: { params: { id: string } }, { repo, workflow, person, req }: PersonContext) {
  if (!(await endOwnSession(repo, workflow.sessions, req, person, params.id))) throw new ApiError(404, PEOPLE_MESSAGES.sessionNotFound);
  return null;
}
