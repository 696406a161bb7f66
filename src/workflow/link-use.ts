import type { Request } from 'express';
import type { Repository } from '../db/storage.js';
import type { LinkRefusal, OneTimeLink, Person } from '../db/people-store.js';
import type { PersonalKey } from '../db/personal-key.js';
import { ApiError } from '../lib/api-error.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { hashPassword, passwordProblem, type SiteNames } from '../people/passwords.js';
import { recordAudit } from './audit-trail.js';
import { secretDigest } from '../lib/secret-token.js';

/**
 * What the holder of a one-time link does with it, for the API and the pages alike: see whom it is for,
 * and choose a password, once. Refusals are ApiErrors with a Portuguese message; a link that was used or
 * has expired is a 410.
 */

type Refusals = Record<LinkRefusal, [status: number, message: string]>;

const INVITATION_REFUSALS: Refusals = {
  unknown: [404, PEOPLE_MESSAGES.invitationUnknown],
  used: [410, PEOPLE_MESSAGES.invitationUsed],
  expired: [410, PEOPLE_MESSAGES.invitationExpired],
};

// A reset link is never "not found": an expired one is swept away, and would otherwise answer differently a day later.
const RESET_REFUSALS: Refusals = {
  unknown: [410, PEOPLE_MESSAGES.resetExpired],
  used: [410, PEOPLE_MESSAGES.resetUsed],
  expired: [410, PEOPLE_MESSAGES.resetExpired],
};

function personOf(link: OneTimeLink, refusals: Refusals): Person {
  if ('refused' in link) throw new ApiError(...refusals[link.refused]);
  return link.person;
}

const now = () => new Date().toISOString();

/** Refuses a password the person may not use (400); the caller's schema or field already capped its length. */
async function newPasswordHash(senha: string, person: Person, site: SiteNames): Promise<string> {
  const problem = passwordProblem(senha, person, site);
  if (problem) throw new ApiError(400, problem);
  return hashPassword(senha);
}

export async function invitationFor(repo: Repository, token: string): Promise<Person> {
  return personOf(await repo.people.invitation(secretDigest(token), now()), INVITATION_REFUSALS);
}

/**
 * The invited person's first password; audited as the invitation accepted. The person gets a profile of
 * their name (unless they have one), so that whatever they sign links to an author page from the start.
 */
export async function acceptInvitation(repo: Repository, req: Request, token: string, senha: string, site: SiteNames): Promise<Person> {
  const senha_hash = await newPasswordHash(senha, await invitationFor(repo, token), site);
  const outcome = await repo.people.acceptInvitation(secretDigest(token), senha_hash, now());
  const person = personOf('accepted' in outcome ? { person: outcome.accepted } : outcome, INVITATION_REFUSALS);
  await repo.profiles.ensure(person.id, person.nome, now());
  await recordAudit(repo.audit, req, { author: person.nome, personId: person.id }, 'aceitou-convite');
  return person;
}

export async function passwordResetFor(repo: Repository, token: string): Promise<Person> {
  return personOf(await repo.people.passwordReset(secretDigest(token), now()), RESET_REFUSALS);
}

/** A new password through a reset link; the person's sessions end and their personal keys are revoked with it. Audited. */
export async function resetPassword(repo: Repository, req: Request, token: string, senha: string, site: SiteNames): Promise<{ person: Person; revokedKeys: PersonalKey[] }> {
  const senha_hash = await newPasswordHash(senha, await passwordResetFor(repo, token), site);
  const outcome = await repo.people.completePasswordReset(secretDigest(token), senha_hash, now());
  const person = personOf(outcome, RESET_REFUSALS);
  const revokedKeys = 'revokedKeys' in outcome ? outcome.revokedKeys : [];
  await recordAudit(repo.audit, req, { author: person.nome, personId: person.id }, 'redefiniu-senha', { detalhes: { chaves_revogadas: revokedKeys.map((key) => key.id) } });
  return { person, revokedKeys };
}
