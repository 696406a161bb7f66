import express, { Router } from 'express';
import type { AppDeps } from '../app-deps.js';
import { editHandler, historyHandler, listHandler, restoreHandler, revisionHandler } from './area-handlers.js';
import { AREA_PATHS } from './paths.js';
import type { EditorAreaPorts } from './ports.js';
import { requireSession } from './session-guard.js';
import { signInHandler, signInLimiter, signInPageHandler, signOutHandler } from './sign-in-handlers.js';

/** The editor area's pages and form posts. */
export function createEditorAreaRouter(deps: AppDeps, ports: EditorAreaPorts): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 10 });
  const signedIn = requireSession(ports.sessions);

  router.get(AREA_PATHS.signIn, signInPageHandler(deps, ports.sessions));
  router.post(AREA_PATHS.signIn, form, signInLimiter(deps, ports.limitFailedKeys), signInHandler(deps, ports.sessions));
  router.post(AREA_PATHS.signOut, form, signOutHandler(deps, ports.sessions));
  router.get(AREA_PATHS.home, signedIn, listHandler(deps, ports.articles));
  router.get(AREA_PATHS.article, signedIn, editHandler(deps, ports.articles));
  router.get(AREA_PATHS.history, signedIn, historyHandler(deps, ports.articles));
  router.get(AREA_PATHS.revision, signedIn, revisionHandler(deps, ports.articles));
  router.post(AREA_PATHS.restore, form, signedIn, restoreHandler(deps, ports.articles));
  return router;
}

/** Last in the app's editor routes: any other /editor/* path asks a stranger to sign in before saying 404. */
export function guardRestOfArea(ports: EditorAreaPorts): Router {
  const router = Router();
  router.use(AREA_PATHS.home, requireSession(ports.sessions));
  return router;
}
