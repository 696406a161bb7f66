/** The editorial workflow's server side, for the app and the API. */
export { createEditorWorkflow, type EditorWorkflow } from './editor-workflow.js';
export type { Editor } from './editor-auth.js';
export { TooManyKeyFailures } from './failed-key-limiter.js';
export { SESSION_COOKIE } from './session-cookie.js';
