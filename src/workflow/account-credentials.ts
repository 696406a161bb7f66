import type { Request } from 'express';
import type { Repository } from '../db/storage.js';
import type { Person } from '../db/people-store.js';
import type { PersonalKey } from '../db/personal-key.js';
import { recordAudit } from './audit-trail.js';
import type { EditorSessions } from './editor-sessions.js';
import type { ConfirmIdentity } from './identity-confirmation.js';
import { secretDigest } from '../lib/secret-token.js';
import { newPersonalKey } from './personal-keys.js';

const actor = (person: Person) => ({ author: person.nome, personId: person.id });

/**
 * A new personal API key for `person`, once they confirm it is them (their current password: a stolen
 * session alone must not plant a credential that outlives it). The key itself is in this answer only.
 */
export async function createPersonalKey(
  repo: Repository,
  confirmIdentity: ConfirmIdentity,
  req: Request,
  person: Person,
  request: { nome: string; senha_atual: string },
): Promise<PersonalKey & { chave: string }> {
  const { nome } = request;
  await confirmIdentity(req, person, request.senha_atual);
  const chave = newPersonalKey();
  const key = await repo.personalKeys.create(person.id, nome, secretDigest(chave), new Date().toISOString());
  await recordAudit(repo.audit, req, actor(person), 'criou-chave', { detalhes: { id: key.id, nome } });
  return { ...key, chave };
}

/** Revokes one of the person's own keys: the next request with it is refused. False when not theirs. */
export async function revokePersonalKey(repo: Repository, req: Request, person: Person, id: number): Promise<boolean> {
  if (!(await repo.personalKeys.remove(person.id, id))) return false;
  await recordAudit(repo.audit, req, actor(person), 'revogou-chave', { detalhes: { id } });
  return true;
}

/** Ends one of the person's own sessions (a lost phone, a shared computer). False when not theirs. */
export async function endOwnSession(repo: Repository, sessions: Pick<EditorSessions, 'endOwn'>, req: Request, person: Person, id: string): Promise<boolean> {
  if (!(await sessions.endOwn(person.id, id))) return false;
  await recordAudit(repo.audit, req, actor(person), 'encerrou-sessao');
  return true;
}
