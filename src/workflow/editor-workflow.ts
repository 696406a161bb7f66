import type { AppDeps } from '../app-deps.js';
import { createKeyChecker } from './editor-keys.js';
import { failedKeyLimiter } from './failed-key-limiter.js';
import { createEditorAuth, type EditorAuth } from './editor-auth.js';
import { createEditorSessions, type EditorSessions } from './editor-sessions.js';

/** One per app: the API, the editor's pages and the image routes share the sessions and the failed-key count. */
export interface EditorWorkflow {
  sessions: EditorSessions;
  auth: EditorAuth;
}

export function createEditorWorkflow(deps: Pick<AppDeps, 'config' | 'repo' | 'logger'>): EditorWorkflow {
  const judgeKey = failedKeyLimiter(createKeyChecker(deps.config.editorKeys), deps.config.editorKeyFailures, deps.logger);
  const sessions = createEditorSessions(deps.repo.sessions, judgeKey);
  return { sessions, auth: createEditorAuth(judgeKey, sessions, deps.config.site.siteUrl) };
}
