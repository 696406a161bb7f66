import type { Request } from 'express';
import type { Repository } from '../db/storage.js';
import type { Person } from '../db/people-store.js';
import type { PersonalKey } from '../db/personal-key.js';
import { ApiError } from '../lib/api-error.js';
import { hashPassword, passwordProblem, type SiteNames } from '../people/passwords.js';
import { recordAudit } from './audit-trail.js';
import { currentSessionId } from './editor-sessions.js';
import type { ConfirmIdentity } from './identity-confirmation.js';

/**
 * The signed-in person's new password, confirmed with the current one. Whoever else knew the old password
 * loses what it gave them: every other session ends and every personal key made until now is revoked,
 * in the same transaction. The revoked keys, for the person to see (and remake the ones still needed).
 */
export async function changeOwnPassword(
  repo: Repository,
  confirmIdentity: ConfirmIdentity,
  req: Request,
  person: Person,
  passwords: { atual: string; nova: string },
  site: SiteNames,
): Promise<PersonalKey[]> {
  await confirmIdentity(req, person, passwords.atual);
  const problem = passwordProblem(passwords.nova, person, site);
  if (problem) throw new ApiError(400, problem);
  const revoked = await repo.people.setPassword(person.id, await hashPassword(passwords.nova), { now: new Date().toISOString(), keepSession: currentSessionId(req) });
  await recordAudit(repo.audit, req, { author: person.nome, personId: person.id }, 'trocou-senha', { detalhes: { chaves_revogadas: revoked.map((key) => key.id) } });
  return revoked;
}
