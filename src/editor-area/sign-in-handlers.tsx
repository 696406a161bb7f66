import type { Request, RequestHandler, Response } from 'express';
import type { AppDeps } from '../app-deps.js';
import { sendServerError } from '../news/server-error.js';
import { areaMeta } from './area-meta.js';
import { AREA_PATHS, RETURN_PARAM } from './paths.js';
import type { SessionPort } from './ports.js';
import { safeReturnPath } from './return-path.js';
import { sendAreaPage } from './render-area-page.js';
import { isSameOrigin } from '../workflow/same-origin.js';
import { SIGN_IN_MESSAGES, SignInPage } from './sign-in-page.js';

const SIGNED_OUT_PARAM = 'saiu';

const meta = areaMeta(AREA_PATHS.signIn, 'Entrar na área do editor', 'Entrada da área interna de edição de artigos.');

function showForm(deps: AppDeps, res: Response, returnTo: string, status: number, texts: { error?: string; notice?: string } = {}) {
  return sendAreaPage(deps, res, { meta, body: <SignInPage returnTo={returnTo} {...texts} /> }, status);
}

function formField(req: Request, name: string): unknown {
  return (req.body as Record<string, unknown> | undefined)?.[name];
}

/** GET /editor/entrar: the form, or straight on when the editor is already signed in. */
export function signInPageHandler(deps: AppDeps, sessions: SessionPort): RequestHandler {
  return async (req, res, next) => {
    try {
      const returnTo = safeReturnPath(req.query[RETURN_PARAM]);
      if (await sessions.read(req)) {
        res.set('Cache-Control', 'no-store').redirect(303, returnTo);
        return;
      }
      const notice = req.query[SIGNED_OUT_PARAM] !== undefined ? SIGN_IN_MESSAGES.signedOut : undefined;
      await showForm(deps, res, returnTo, 200, notice ? { notice } : {});
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Refused keys are counted by the API's failed-key limiter (a 403 that judged a key); past its limit
 * the form answers 429 in HTML until the window passes.
 */
export function signInLimiter(deps: AppDeps, limitFailedKeys: RequestHandler): RequestHandler {
  return (req, res, next) => {
    res.locals.answerKeyLimit = () =>
      showForm(deps, res, safeReturnPath(formField(req, RETURN_PARAM)), 429, { error: SIGN_IN_MESSAGES.tooManyFailures });
    limitFailedKeys(req, res, next);
  };
}

/** POST /editor/entrar (form fields chave and volta): opens the session and goes on with 303. */
export function signInHandler(deps: AppDeps, sessions: SessionPort): RequestHandler {
  return async (req, res, next) => {
    const returnTo = safeReturnPath(formField(req, RETURN_PARAM));
    try {
      if (!isSameOrigin(req, deps.config.site.siteUrl)) {
        res.locals.keyNotJudged = true;
        await showForm(deps, res, returnTo, 403, { error: SIGN_IN_MESSAGES.foreignOrigin });
        return;
      }
      const key = formField(req, 'chave');
      if (typeof key !== 'string' || key.trim() === '') {
        await showForm(deps, res, returnTo, 400, { error: SIGN_IN_MESSAGES.keyMissing });
        return;
      }
      let opened;
      try {
        opened = await sessions.open(req, res, key);
      } catch (error) {
        await sendServerError(deps, req, res, error, { storage: true });
        return;
      }
      if (!opened.ok) {
        await showForm(deps, res, returnTo, 403, { error: SIGN_IN_MESSAGES.keyInvalid });
        return;
      }
      res.set('Cache-Control', 'no-store').redirect(303, returnTo);
    } catch (error) {
      next(error);
    }
  };
}

/** POST /editor/sair: ends the session (from any area page's "Sair" button). */
export function signOutHandler(deps: AppDeps, sessions: SessionPort): RequestHandler {
  return async (req, res, next) => {
    try {
      if (!isSameOrigin(req, deps.config.site.siteUrl)) {
        await showForm(deps, res, AREA_PATHS.home, 403, { error: SIGN_IN_MESSAGES.foreignOrigin });
        return;
      }
      await sessions.close(req, res);
      res.set('Cache-Control', 'no-store').redirect(303, `${AREA_PATHS.signIn}?${SIGNED_OUT_PARAM}`);
    } catch (error) {
      next(error);
    }
  };
}
