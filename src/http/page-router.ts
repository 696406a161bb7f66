import express, { type Request, type RequestHandler, type Response } from 'express';
import type { AppContext } from './app-context.js';
import { renderPrerendered } from '../entry-server.js';
import type { PrivateLoadContext, PrivateLoaded, PrivateRoute, PrerenderedRoute, PublicRoute } from '../routes/page-route.js';
import { PATHS, signInPath } from '../routes/paths.js';
import type { PageMatch } from '../routes/table.js';
import { ApiError } from '../lib/api-error.js';
import { TooManyKeyFailures } from '../workflow/index.js';
import { reviewCount } from '../workflow/review-count.js';
import { cacheControl, sendPage } from './page-responses.js';
import { answerForm } from './form-page.js';
import { answerPrivate } from './private-page.js';
import { publicAnswer } from './public-answer.js';

/** The path as written, percent-decoded; a path that does not decode is the client's mistake (400). */
function decodedPath(req: Request): string {
  try {
    return decodeURIComponent(req.path);
  } catch (error) {
    throw Object.assign(error as Error, { status: 400 });
  }
}

function searchOf(req: Request): URLSearchParams {
  const at = req.originalUrl.indexOf('?');
  return new URLSearchParams(at === -1 ? '' : req.originalUrl.slice(at + 1));
}

const withoutQuery = (url: string) => url.split('?')[0]!;

/** A form that judges an editor key, from an address past the failed-key limit: the page again, with 429 as the API answers. */
function keyLimitAnswer<D>(route: PrivateRoute<D>, req: Request, res: Response, error: unknown): PrivateLoaded<D> {
  if (!(error instanceof TooManyKeyFailures) || !route.countsFailedKeys) throw error;
  res.setHeader('Retry-After', String(error.retryAfterSeconds));
  return { status: 429, data: route.countsFailedKeys(req.body) };
}

/** The sign-in form shows a wrong key or password beside itself: null; a 429 is still thrown, answered like the API's. */
async function refusedAsNull<T>(signingIn: Promise<T>): Promise<T | null> {
  try {
    return await signingIn;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return null;
    throw error;
  }
}

/**
 * Express's page routing, from the route table: one handler for every page, whatever its kind. The
 * table's matcher is react-router's (case-insensitive, a trailing slash allowed), so every page
 * answers under its one canonical spelling and redirects the others there.
 */
export function pageRouter(ctx: AppContext): RequestHandler {
  // The area's largest form is the public profile's (15 fields, a 600-character bio): the limits stay just above it.
  const form = express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 20 });
  const parseForm = (req: Request, res: Response) =>
    new Promise<void>((resolve, reject) => form(req, res, (error?: unknown) => (error ? reject(error) : resolve())));

  function prerendered(route: PrerenderedRoute, match: PageMatch, req: Request, res: Response): void {
    // The built server answers these from memory before Express; here under `npm run dev` or a test's app.
    if (req.path !== match.path) {
      const query = req.originalUrl.indexOf('?');
      res.redirect(301, query === -1 ? match.path : `${match.path}${req.originalUrl.slice(query)}`);
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(renderPrerendered(ctx, route));
  }

  async function publicPage(route: PublicRoute, match: PageMatch, req: Request, res: Response): Promise<void> {
    const path = decodedPath(req);
    const answer = await publicAnswer(ctx, route, match.params, searchOf(req), req);
    switch (answer.kind) {
      case 'status':
        return answer.status === 410 ? ctx.statusPages.sendGone(res) : ctx.statusPages.sendNotFound(res);
      case 'error':
        return ctx.statusPages.sendServerError(req, res, answer.error, { storage: answer.storage });
      case 'redirect':
        res.setHeader('Cache-Control', cacheControl(ctx.config));
        return res.redirect(answer.status, answer.location);
      case 'page':
        if (path !== withoutQuery(answer.path)) {
          res.setHeader('Cache-Control', cacheControl(ctx.config));
          return res.redirect(301, answer.path);
        }
        return sendPage(req, res, answer.response);
    }
  }

  const signInFlow = ctx.workflow.signIn;

  async function privatePage(route: PrivateRoute, match: PageMatch, req: Request, res: Response): Promise<void> {
    const posted = req.method === 'POST';
    const signedIn = await ctx.workflow.sessions.read(req, res);
    // The area bar's "Revisões (N)" comes with the session, so every area page shows it.
    const session = signedIn && { ...signedIn, revisoes: await reviewCount(ctx.repo.reviewQueue, { role: signedIn.papel, personId: signedIn.id_pessoa }, new Date()) };
    const signIn = () => res.set('Cache-Control', 'no-store').redirect(303, signInPath(req.originalUrl));
    if (route.session === 'required' && !session) return signIn();
    if (session?.id_pessoa != null && !route.beforePasskey && (await ctx.repo.passkeys.mustRegister(session.id_pessoa, session.papel))) {
      return res.set('Cache-Control', 'no-store').redirect(303, PATHS.account);
    }
    const handle = posted ? route.action : route.load;
    if (!handle) {
      // An address of the area with no page for this method: strangers sign in first, then 404.
      if (!session) return signIn();
      return ctx.statusPages.sendNotFound(res);
    }
    const loadContext: PrivateLoadContext = {
      deps: ctx,
      params: match.params,
      search: searchOf(req),
      req,
      res,
      session,
      sessions: {
        open: (request, response, key) => refusedAsNull(signInFlow.withKey(request, response, key)),
        openWithPassword: (request, response, email, senha) => refusedAsNull(signInFlow.withPassword(request, response, email, senha)),
        async openFor(request, response, person) {
          await signInFlow.asPerson(request, response, person, 'senha');
        },
        close: signInFlow.signOut,
        listOwn: ctx.workflow.sessions.listOwn,
        endOwn: ctx.workflow.sessions.endOwn,
      },
    };
    if (posted) await parseForm(req, res);
    const loaded = await handle.call(route, loadContext).catch((error: unknown) => keyLimitAnswer(route, req, res, error));
    return answerPrivate(ctx, route, req, res, loaded);
  }

  return (req, res, next) => {
    decodedPath(req);
    const match = ctx.routes.match(req.path);
    if (!match) return next();
    const { route } = match;
    const reads = req.method === 'GET' || req.method === 'HEAD';
    const failed = (error: unknown) =>
      error instanceof Error && 'status' in error ? next(error) : ctx.statusPages.sendServerError(req, res, error, { storage: true }).catch(next);
    switch (route.kind) {
      case 'prerendered':
        return reads ? prerendered(route, match, req, res) : next();
      case 'public':
        return reads ? void publicPage(route, match, req, res).catch(next) : next();
      case 'no-store': {
        if (!reads) return next();
        const loaded = route.load({ deps: ctx, params: match.params, search: searchOf(req) });
        if (!('location' in loaded)) return next();
        res.setHeader('Cache-Control', 'no-store');
        return res.redirect(loaded.status, loaded.location);
      }
      case 'private':
        return reads || req.method === 'POST' ? void privatePage(route, match, req, res).catch(failed) : next();
      case 'form':
        return reads || req.method === 'POST' ? void answerForm(ctx, route, match, req, res).catch(failed) : next();
    }
  };
}
