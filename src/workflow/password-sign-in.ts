import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import type { Repository } from '../db/storage.js';
import type { Person } from '../db/people-store.js';
import { ApiError } from '../lib/api-error.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { hashPassword, passwordMatches } from '../people/passwords.js';
import { recordAudit } from './audit-trail.js';
import { clientAddress, TooManyKeyFailures } from './failed-key-limiter.js';
import type { FailureWindows } from './failure-windows.js';
import type { SignInLimits } from './sign-in-limits.js';

export type PasswordCheck = (req: Request, email: string, senha: string) => Promise<Person>;

/**
 * Checks an e-mail and password, for the API and the sign-in form alike. The attempt is taken before
 * the password is hashed (signInLimits) and given back only when it was right. An unknown address and
 * a wrong password get the same answer after the same work (the password is checked against a decoy
 * hash when there is no account), and each refusal is audited. An address locked for guessing editor
 * keys guesses no passwords either, and a wrong password counts against its keys too.
 */
export function passwordCheck(repo: Repository, limits: SignInLimits, keyFailures: FailureWindows): PasswordCheck {
  const decoy = hashPassword(randomBytes(16).toString('hex'));
  return async (req, email, senha) => {
    const address = clientAddress(req);
    const account = email.trim().toLowerCase();
    const locked = keyFailures.lockedFor(address);
    if (locked > 0) throw new TooManyKeyFailures(locked, PEOPLE_MESSAGES.tooManyFailures);
    const attempt = await limits(req, account);
    const person = await repo.people.findByEmail(account);
    const stored = person?.ativo ? person.senha_hash : null;
    const matches = await passwordMatches(stored ?? (await decoy), senha);
    if (!person || stored === null || !matches) {
      keyFailures.count(address);
      await recordAudit(repo.audit, req, { author: account, personId: person?.id ?? null }, 'entrada-recusada');
      throw new ApiError(403, PEOPLE_MESSAGES.signInRefused);
    }
    await attempt.succeeded();
    const { senha_hash: _hash, ...withoutHash } = person;
    return withoutHash;
  };
}
