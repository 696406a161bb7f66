/** The editorial workflow's server side, for the routers of other features. */
export {
  closeEditorSession,
  editorSessionMiddleware,
  editorWorkflow,
  limitFailedEditorKeys,
  openEditorSession,
  readEditorSession,
} from './editor-workflow.js';
export type { Editor } from './editor-auth.js';
export { SESSION_COOKIE } from './session-cookie.js';
