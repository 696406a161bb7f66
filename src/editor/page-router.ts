import { Router } from 'express';
import type { AppDeps } from '../app-deps.js';
import { PATHS } from '../routes.js';
import { renderNewArticlePage } from './render-page.js';

/** GET /novo-artigo: never cached (it shows the next id) and never indexed. */
export function createEditorPageRouter(deps: AppDeps): Router {
  const router = Router();
  router.get(PATHS.newArticle, async (_req, res, next) => {
    try {
      // The id is only a preview; if storage is down the browser asks the API again.
      const nextId = await deps.repo.nextId().then(String, () => '');
      const html = await renderNewArticlePage(deps, nextId);
      res.set('Cache-Control', 'no-store').set('X-Robots-Tag', 'noindex, nofollow').type('html').send(html);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
