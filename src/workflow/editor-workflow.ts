import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppDeps } from '../app-deps.js';
import { createKeyChecker } from '../api/editor-keys.js';
import { failedKeyLimiter } from '../api/failed-key-limiter.js';
import { createEditorAuth, type EditorAuth } from './editor-auth.js';
import { createEditorSessions, type EditorSessions } from './editor-sessions.js';

/** One per app: the API, the editor pages and the upload endpoint share the sessions and the failed-key count. */
export interface EditorWorkflow {
  sessions: EditorSessions;
  auth: EditorAuth;
  limitFailedKeys: RequestHandler;
}

const perApp = new WeakMap<AppDeps, EditorWorkflow>();
const perRequest = new WeakMap<Request, EditorWorkflow>();

export function editorWorkflow(deps: AppDeps): EditorWorkflow {
  let workflow = perApp.get(deps);
  if (!workflow) {
    const checkKey = createKeyChecker(deps.config.editorKeys);
    const sessions = createEditorSessions(deps.repo.sessions, checkKey);
    workflow = {
      sessions,
      auth: createEditorAuth(checkKey, sessions, deps.config.site.siteUrl),
      limitFailedKeys: failedKeyLimiter(deps.config, deps.logger),
    };
    perApp.set(deps, workflow);
  }
  return workflow;
}

/** Mounted early (after cookie-parser) so that page routers can ask who is signed in. */
export function editorSessionMiddleware(deps: AppDeps): RequestHandler {
  const workflow = editorWorkflow(deps);
  return (req, _res, next) => {
    perRequest.set(req, workflow);
    next();
  };
}

function workflowOf(req: Request): EditorWorkflow {
  const workflow = perRequest.get(req);
  if (!workflow) throw new Error('editorSessionMiddleware não está montado antes desta rota');
  return workflow;
}

/** Who is signed in on this request (sliding the session), or null: the guard of the /editor pages. */
export function readEditorSession(req: Request): Promise<{ autor: string } | null> {
  return workflowOf(req).sessions.read(req, req.res);
}

/** Signs in with an editor key (ApiError 403 when wrong), for a form posted without JavaScript. */
export function openEditorSession(req: Request, res: Response, key: unknown): Promise<{ autor: string }> {
  return workflowOf(req).sessions.open(req, res, key);
}

/** Ends the request's session and clears its cookie. */
export function closeEditorSession(req: Request, res: Response): Promise<void> {
  return workflowOf(req).sessions.close(req, res);
}

/** The shared failed-key limiter, for a sign-in form outside the API. */
export function limitFailedEditorKeys(req: Request, res: Response, next: NextFunction): void {
  void workflowOf(req).limitFailedKeys(req, res, next);
}
