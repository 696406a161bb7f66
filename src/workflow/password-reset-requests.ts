import type { Request } from 'express';
import type { Repository } from '../db/storage.js';
import { passwordResetMail } from '../mail/people-mails.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { recordAudit } from './audit-trail.js';
import { clientAddress, TooManyKeyFailures } from './failed-key-limiter.js';
import type { FailureWindows } from './failure-windows.js';
import { newSecretToken, secretDigest } from '../lib/secret-token.js';
import type { PeopleLinks } from './people-links.js';

/** An e-mailed reset link works for an hour: it is used at once, or asked for again. */
const MAILED_RESET_MS = 3_600_000;

/** "Esqueci a senha" for an e-mail address: what to tell whoever asked, the same whoever the address belongs to. */
export type PasswordResetRequest = (req: Request, email: string) => Promise<string>;

/**
 * "Esqueci a senha", for the API and the page alike. Whatever the address, the caller says the same
 * thing after the same work: a token is made, the same statements store a link only for an active
 * person, the request is audited, and the e-mail, when there is one, is enqueued after the answer. Every
 * request counts, per address typed (a mailbox is not flooded) and per client address (addresses are
 * not tried in bulk); past either limit, TooManyKeyFailures (429).
 */
export function passwordResetRequests(
  repo: Repository,
  links: PeopleLinks,
  limits: { byEmail: FailureWindows; byAddress: FailureWindows },
): PasswordResetRequest {
  return async (req, email) => {
    const account = email.trim().toLowerCase();
    const address = clientAddress(req);
    const locked = Math.max(limits.byEmail.lockedFor(account), limits.byAddress.lockedFor(address));
    if (locked > 0) throw new TooManyKeyFailures(locked, PEOPLE_MESSAGES.tooManyResetRequests);
    limits.byEmail.count(account);
    limits.byAddress.count(address);
    // Without a mail server nobody could receive the link: an administrator issues one instead.
    if (!links.mailing) return PEOPLE_MESSAGES.resetByAdministrator;
    const token = newSecretToken();
    const now = Date.now();
    const reset = { token_hash: secretDigest(token), expira_em: new Date(now + MAILED_RESET_MS).toISOString() };
    const person = await repo.people.requestPasswordReset(account, reset, new Date(now).toISOString());
    await recordAudit(repo.audit, req, { author: person?.nome ?? account, personId: person?.id ?? null }, 'pediu-redefinicao');
    // Composed and enqueued after the answer is written: doing it before would tell a known address by the time taken.
    // The outbox's worker sends it; a crash in this instant loses it, and the person asks again.
    if (person) {
      setImmediate(() => {
        const mail = passwordResetMail(links.site, { ...person, url: links.resetUrl(token) });
        repo.outbox.enqueue({ kind: 'email', payload: mail }).catch((error: unknown) => links.logger.error({ err: error }, 'e-mail de redefinição não enfileirado'));
      });
    }
    return PEOPLE_MESSAGES.resetRequested;
  };
}
