import { Router } from 'express';
import type { AppDeps } from '../app-deps.js';
import { PATHS, staticPages } from '../routes.js';
import { renderMarketingPage } from './render-marketing-page.js';

/** Sign-in lives in the application; the old site's /login target sends the visitor there. */
export function loginUrl(appUrl: string): string {
  return new URL('/login', appUrl).toString();
}

/**
 * Marketing pages normally come prerendered from the static files middleware, which runs first.
 * This router answers what is left: /login, and the pages themselves when nothing was prerendered
 * (npm run dev, or an app built by a test), rendered on each request so edits show up at once.
 */
export function createMarketingRouter(deps: AppDeps): Router {
  const router = Router();
  const { site } = deps.config;

  router.get(PATHS.login, (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, loginUrl(site.appUrl));
  });

  for (const page of staticPages(site)) {
    router.get(page.path, async (req, res) => {
      // Express matches routes case-insensitively and ignores a trailing slash: one URL per page.
      if (req.path !== page.path) {
        const query = req.originalUrl.indexOf('?');
        res.redirect(301, query === -1 ? page.path : `${page.path}${req.originalUrl.slice(query)}`);
        return;
      }
      const html = await renderMarketingPage(page.name, site, deps.assets);
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(html);
    });
  }
  return router;
}
