import type { AppDeps } from '../app-deps.js';
import type { Role } from '../people/roles.js';
import { createKeyChecker } from './editor-keys.js';
import { failedKeyLimiter } from './failed-key-limiter.js';
import { FailureWindows } from './failure-windows.js';
import { createEditorAuth, type EditorAuth } from './editor-auth.js';
import { createEditorSessions, type EditorSessions } from './editor-sessions.js';
import { passwordCheck } from './password-sign-in.js';
import { createSignIn, type SignIn } from './sign-in.js';
import { signInLimits } from './sign-in-limits.js';
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
  /** Refused keys, passwords and passkeys per client address, in this process (passwords are also limited in the database: signInLimits). */
  failures: { byAddress: FailureWindows };
  /** Signing in with a key, a password or a passkey, and out: for the API and the pages. */
  signIn: SignIn;
  /** "Confirme que é você": the current password with a request that plants a lasting credential. */
  confirmIdentity: ConfirmIdentity;
  /** Where invitation and reset links lead, and whether they are e-mailed (SMTP_URL set). */
  links: PeopleLinks;
  /** "Esqueci a senha", for the API and its page, limited per e-mail and per client address. */
  requestPasswordReset: PasswordResetRequest;
}

export function createEditorWorkflow(deps: Pick<AppDeps, 'config' | 'repo' | 'logger'>, links: PeopleLinks): EditorWorkflow {
  const { max, windowMs } = deps.config.editorKeyFailures;
  const failures = { byAddress: new FailureWindows(max, windowMs) };
  const resetLimits = { byEmail: new FailureWindows(RESETS_PER_EMAIL, windowMs), byAddress: new FailureWindows(max, windowMs) };
  const judgeKey = failedKeyLimiter(createKeyChecker(deps.config.editorKeys), failures.byAddress, deps.logger);
  const sessions = createEditorSessions(deps.repo.sessions, deps.repo.people, judgeKey);
  const resolveKey = keyResolver(judgeKey, deps.repo.personalKeys, failures.byAddress);
  const limits = signInLimits(deps.repo.signInAttempts, { addressMax: max, windowMs, ...deps.config.signIn });
  const passkeyPending = (id: number, papel: Role) => deps.repo.passkeys.mustRegister(id, papel);
  return {
    sessions,
    auth: createEditorAuth(resolveKey, sessions, deps.config.site.siteUrl, passkeyPending),
    failures,
    signIn: createSignIn(sessions, deps.repo.audit, passwordCheck(deps.repo, limits, failures.byAddress)),
    confirmIdentity: identityConfirmation(deps.repo, limits),
    links,
    requestPasswordReset: passwordResetRequests(deps.repo, links, resetLimits),
  };
}
