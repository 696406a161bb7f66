import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import type { ArticleRepository, Person } from '../db/repository.js';
import { ApiError } from '../lib/api-error.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { hashPassword, passwordMatches } from '../people/passwords.js';
import { recordAudit } from './audit-trail.js';
import { clientAddress, TooManyKeyFailures } from './failed-key-limiter.js';
import type { FailureWindows } from './failure-windows.js';

export type PasswordCheck = (req: Request, email: string, senha: string) => Promise<Person>;

/**
 * Checks an e-mail and password, for the API and the sign-in form alike. An unknown address and a
 * wrong password get the same answer after the same work (the password is checked against a decoy hash
 * when there is no account); failures count per address and per account, and each is audited.
 */
export function passwordCheck(repo: ArticleRepository, failures: { byAddress: FailureWindows; byAccount: FailureWindows }): PasswordCheck {
  const decoy = hashPassword(randomBytes(16).toString('hex'));
  return async (req, email, senha) => {
    const address = clientAddress(req);
    const account = email.trim().toLowerCase();
    const locked = Math.max(failures.byAddress.lockedFor(address), failures.byAccount.lockedFor(account));
    if (locked > 0) throw new TooManyKeyFailures(locked, PEOPLE_MESSAGES.tooManyFailures);
    const person = await repo.people.findByEmail(account);
    const stored = person?.ativo ? person.senha_hash : null;
    const matches = await passwordMatches(stored ?? (await decoy), senha);
    if (!person || stored === null || !matches) {
      failures.byAddress.count(address);
      failures.byAccount.count(account);
      await recordAudit(repo.audit, req, { author: account, personId: person?.id ?? null }, 'entrada-recusada');
      throw new ApiError(403, PEOPLE_MESSAGES.signInRefused);
    }
    const { senha_hash: _hash, ...withoutHash } = person;
    return withoutHash;
  };
}
