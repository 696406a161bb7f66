import express, { type Request, type Response } from 'express';
import type { AppContext } from './app-context.js';
import { pageElement } from '../entry-server.js';
import { isRendered, type FormRoute } from '../routes/page-route.js';
import type { PageMatch } from '../routes/table.js';
import { renderWhole } from '../ssr/render-whole.js';
import { HTML } from './page-responses.js';

/** The public forms are short: the limits stay a little above the demonstration form's longest message. */
const form = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 30 });
const parseForm = (req: Request, res: Response) => new Promise<void>((resolve, reject) => form(req, res, (error?: unknown) => (error ? reject(error) : resolve())));

function searchOf(req: Request): URLSearchParams {
  const at = req.originalUrl.indexOf('?');
  return new URLSearchParams(at === -1 ? '' : req.originalUrl.slice(at + 1));
}

/**
 * A public page with a form: GET shows it, POST judges it. Each answer is rendered for this request and
 * never stored by anyone (it carries a fresh token), but unlike the editors' pages it is indexable.
 */
export async function answerForm(ctx: AppContext, route: FormRoute, match: PageMatch, req: Request, res: Response): Promise<void> {
  const posted = req.method === 'POST';
  if (!posted && req.path !== match.path) {
    const query = req.originalUrl.indexOf('?');
    return res.redirect(301, query === -1 ? match.path : `${match.path}${req.originalUrl.slice(query)}`);
  }
  if (posted) await parseForm(req, res);
  const loadContext = { deps: ctx, params: match.params, search: searchOf(req), req, res, forms: ctx.forms };
  const loaded = await (posted ? route.action(loadContext) : route.load(loadContext));
  res.setHeader('Cache-Control', 'no-store');
  if ('location' in loaded) return res.redirect(loaded.status, loaded.location);
  if (!isRendered(loaded)) return loaded.status === 410 ? ctx.statusPages.sendGone(res) : ctx.statusPages.sendNotFound(res);
  const { Component } = route;
  const page = pageElement(ctx, route.meta(ctx.config.site, loaded.data), <Component data={loaded.data} />, route.documentAssets?.(ctx.assets, loaded.data));
  res.status(loaded.status).setHeader('Content-Type', HTML);
  res.send(renderWhole(page));
}
