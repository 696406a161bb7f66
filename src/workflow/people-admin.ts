import { createHash, randomBytes } from 'node:crypto';
import type { Request } from 'express';
import { EmailTakenError, LastAdministratorError, type ArticleRepository, type NewPerson, type Person } from '../db/repository.js';
import { ApiError } from '../lib/api-error.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { may, type Role } from '../people/roles.js';
import { recordAudit } from './audit-trail.js';
import type { Editor } from './editor-auth.js';

/** An invitation's link works for a week. */
const INVITATION_MS = 7 * 86_400_000;

/** Links carry a secret; the database keeps only its sha-256. */
export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');

export function assertManagesPeople(editor: Pick<Editor, 'role'>): void {
  if (!may(editor.role, 'gerir-pessoas')) throw new ApiError(403, PEOPLE_MESSAGES.forbidden);
}

/**
 * What administrators do to people, for the API and the people page alike: each checks the role,
 * answers ApiError with a Portuguese message, and is audited.
 */
export async function invitePerson(
  repo: ArticleRepository,
  req: Request,
  editor: Editor,
  person: NewPerson,
  /** The absolute address of the page where the token is used (the route table knows it). */
  invitationUrl: (token: string) => string,
): Promise<{ person: Person; convite_url: string }> {
  assertManagesPeople(editor);
  const token = randomBytes(32).toString('base64url');
  const invited = await repo.people
    .invite(person, { token_hash: tokenDigest(token), expira_em: new Date(Date.now() + INVITATION_MS).toISOString() })
    .catch((error: unknown) => {
      throw error instanceof EmailTakenError ? new ApiError(409, PEOPLE_MESSAGES.emailTaken) : error;
    });
  await recordAudit(repo.audit, req, editor, 'convidou', { detalhes: { id_pessoa: invited.id, papel: invited.papel } });
  return { person: invited, convite_url: invitationUrl(token) };
}

/** A new role or state; a deactivation ends the person's sessions at once (they are read live). */
export async function changePerson(repo: ArticleRepository, req: Request, editor: Editor, id: number, change: { papel?: Role; ativo?: boolean }): Promise<Person> {
  assertManagesPeople(editor);
  const person = await repo.people.update(id, change).catch((error: unknown) => {
    throw error instanceof LastAdministratorError ? new ApiError(409, PEOPLE_MESSAGES.lastAdministrator) : error;
  });
  if (!person) throw new ApiError(404, PEOPLE_MESSAGES.personNotFound);
  await recordAudit(repo.audit, req, editor, 'alterou-pessoa', { detalhes: { id_pessoa: id, ...change } });
  return person;
}
