import type { RequestHandler } from 'express';
import type { AppDeps } from '../app-deps.js';
import { createKeyChecker } from './editor-keys.js';
import { failedKeyLimiter } from './failed-key-limiter.js';
import { createEditorAuth, type EditorAuth } from './editor-auth.js';
import { createEditorSessions, type EditorSessions } from './editor-sessions.js';

/** One per app: the API, the editor's pages and the upload endpoint share the sessions and the failed-key count. */
export interface EditorWorkflow {
  sessions: EditorSessions;
  auth: EditorAuth;
  limitFailedKeys: RequestHandler;
}

/** `refuseTooManyFailures` answers a request the failed-key limiter stops, unless a page's form answers it itself. */
export function createEditorWorkflow(deps: Pick<AppDeps, 'config' | 'repo' | 'logger'>, refuseTooManyFailures: RequestHandler): EditorWorkflow {
  const checkKey = createKeyChecker(deps.config.editorKeys);
  const sessions = createEditorSessions(deps.repo.sessions, checkKey);
  return {
    sessions,
    auth: createEditorAuth(checkKey, sessions, deps.config.site.siteUrl),
    limitFailedKeys: failedKeyLimiter(deps.config, deps.logger, refuseTooManyFailures),
  };
}
