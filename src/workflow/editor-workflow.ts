import type { AppDeps } from '../app-deps.js';
import type { Role } from '../people/roles.js';
import { createKeyChecker } from './editor-keys.js';
import { failedKeyLimiter } from './failed-key-limiter.js';
import { FailureWindows } from './failure-windows.js';
import { createEditorAuth, type EditorAuth } from './editor-auth.js';
import { createEditorSessions, type EditorSessions } from './editor-sessions.js';
import { passwordCheck, type PasswordCheck } from './password-sign-in.js';
import { identityConfirmation, type ConfirmIdentity } from './identity-confirmation.js';
import { keyResolver } from './personal-keys.js';
import { passwordResetRequests, type PasswordResetRequest } from './password-reset-requests.js';
import type { PeopleLinks } from './people-links.js';

/** Reset e-mails one address may be sent per window: enough for one lost to a spam filter, too few to flood a mailbox. */
const RESETS_PER_EMAIL = 3;

/** One per app: the API, the editor's pages and the image routes share the sessions and the failure counts. */
export interface EditorWorkflow {
  sessions: EditorSessions;
  auth: EditorAuth;
  /** Refused keys and passwords per client address, and refused passwords per account. */
  failures: { byAddress: FailureWindows; byAccount: FailureWindows };
  /** E-mail and password, for the API and the sign-in form. */
  checkPassword: PasswordCheck;
  /** "Confirme que é você": the current password with a request that plants a lasting credential. */
  confirmIdentity: ConfirmIdentity;
  /** Where invitation and reset links lead, and the mailer that sends them when SMTP_URL is set. */
  links: PeopleLinks;
  /** "Esqueci a senha", for the API and its page, limited per e-mail and per client address. */
  requestPasswordReset: PasswordResetRequest;
}

export function createEditorWorkflow(deps: Pick<AppDeps, 'config' | 'repo' | 'logger'>, links: PeopleLinks): EditorWorkflow {
  const { max, windowMs } = deps.config.editorKeyFailures;
  const failures = { byAddress: new FailureWindows(max, windowMs), byAccount: new FailureWindows(max, windowMs) };
  const resetLimits = { byEmail: new FailureWindows(RESETS_PER_EMAIL, windowMs), byAddress: new FailureWindows(max, windowMs) };
  const judgeKey = failedKeyLimiter(createKeyChecker(deps.config.editorKeys), failures.byAddress, deps.logger);
  const sessions = createEditorSessions(deps.repo.sessions, deps.repo.people, judgeKey);
  const resolveKey = keyResolver(judgeKey, deps.repo.personalKeys, failures.byAddress);
  const passkeyPending = (id: number, papel: Role) => deps.repo.passkeys.mustRegister(id, papel);
  return {
    sessions,
    auth: createEditorAuth(resolveKey, sessions, deps.config.site.siteUrl, passkeyPending),
    failures,
    checkPassword: passwordCheck(deps.repo, failures),
    confirmIdentity: identityConfirmation(deps.repo, failures),
    links,
    requestPasswordReset: passwordResetRequests(deps.repo, links, resetLimits),
  };
}
