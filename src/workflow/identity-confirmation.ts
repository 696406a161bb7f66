import type { Request } from 'express';
import type { Repository } from '../db/storage.js';
import type { Person } from '../db/people-store.js';
import { ApiError } from '../lib/api-error.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { passwordMatches } from '../people/passwords.js';
import { recordAudit } from './audit-trail.js';
import type { SignInLimits } from './sign-in-limits.js';

/** The longest password the site accepts: a longer answer is refused without hashing it. */
const PASSWORD_MAX = 200;

/**
 * "Confirme que é você": the person's current password, sent with the request that plants or changes a
 * lasting credential (a personal key, a passkey, the e-mail, the password). A stolen session cookie alone
 * then cannot outlive the session. Refusals answer 403 (429 past the sign-in's limits, which count these
 * attempts too, so that a session cannot be used to guess the password) and are audited.
 */
export type ConfirmIdentity = (req: Request, person: Person, senha_atual: string) => Promise<void>;

export function identityConfirmation(repo: Repository, limits: SignInLimits): ConfirmIdentity {
  return async (req, person, senha_atual) => {
    const attempt = await limits(req, person.email);
    const stored = (await repo.people.findByEmail(person.email))?.senha_hash ?? null;
    const typed = senha_atual.length <= PASSWORD_MAX ? senha_atual : '';
    if (stored !== null && typed !== '' && (await passwordMatches(stored, typed))) {
      await attempt.succeeded();
      return;
    }
    await recordAudit(repo.audit, req, { author: person.nome, personId: person.id }, 'confirmacao-recusada');
    throw new ApiError(403, PEOPLE_MESSAGES.confirmationRefused);
  };
}
