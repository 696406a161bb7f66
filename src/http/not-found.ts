import type { RequestHandler, Response } from 'express';
import type { AppDeps } from '../app-deps.js';
import { renderMarketingPage } from '../marketing/render-marketing-page.js';

/** The page depends only on the configuration and the built assets, so it is rendered once per app. */
const rendered = new WeakMap<AppDeps, Promise<string>>();

function notFoundHtml(deps: AppDeps): Promise<string> {
  let html = rendered.get(deps);
  if (!html) {
    html = renderMarketingPage('notFound', deps.config.site, deps.assets);
    rendered.set(deps, html);
    html.catch(() => rendered.delete(deps));
  }
  return html;
}

/**
 * Answers 404 with the site's "Página não encontrada." page. Exported for every router that finds
 * out late that a resource does not exist (an unknown article id, for instance).
 */
export async function sendNotFound(res: Response, deps: AppDeps): Promise<void> {
  const html = await notFoundHtml(deps);
  res.status(404).setHeader('Cache-Control', 'no-cache');
  res.type('html').send(html);
}

export function notFoundHandler(deps: AppDeps): RequestHandler {
  return async (_req, res) => {
    await sendNotFound(res, deps);
  };
}
