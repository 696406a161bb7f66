import type { Request } from 'express';
import type { ArticleRepository, Person } from '../db/repository.js';
import { ApiError } from '../lib/api-error.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { passwordMatches } from '../people/passwords.js';
import { recordAudit } from './audit-trail.js';
import { TooManyKeyFailures } from './failed-key-limiter.js';
import type { FailureWindows } from './failure-windows.js';

/** The longest password the site accepts: a longer answer is refused without hashing it. */
const PASSWORD_MAX = 200;

/**
 * "Confirme que é você": the person's current password, sent with the request that plants or changes a
 * lasting credential (a personal key, a passkey, the e-mail, the password). A stolen session cookie alone
 * then cannot outlive the session. Refusals answer 403 (429 past the failures allowed per account, the
 * same count as the sign-in's, so that a session cannot be used to guess the password) and are audited.
 */
export type ConfirmIdentity = (req: Request, person: Person, senha_atual: string) => Promise<void>;

export function identityConfirmation(repo: ArticleRepository, failures: { byAccount: FailureWindows }): ConfirmIdentity {
  return async (req, person, senha_atual) => {
    const locked = failures.byAccount.lockedFor(person.email);
    if (locked > 0) throw new TooManyKeyFailures(locked, PEOPLE_MESSAGES.tooManyFailures);
    const stored = (await repo.people.findByEmail(person.email))?.senha_hash ?? null;
    const typed = senha_atual.length <= PASSWORD_MAX ? senha_atual : '';
    if (stored !== null && typed !== '' && (await passwordMatches(stored, typed))) return;
    failures.byAccount.count(person.email);
    await recordAudit(repo.audit, req, { author: person.nome, personId: person.id }, 'confirmacao-recusada');
    throw new ApiError(403, PEOPLE_MESSAGES.confirmationRefused);
  };
}
