import { Router } from 'express';
import type { AppDeps } from '../app-deps.js';
import { createEditorAreaRouter, guardRestOfArea } from '../editor-area/router.js';
import { setPrivatePageHeaders } from '../editor-area/render-area-page.js';
import { workflowPorts } from '../editor-area/workflow-ports.js';
import { PATHS } from '../routes.js';
import { readEditorSession } from '../workflow/index.js';
import { renderNewArticlePage } from './render-page.js';

/**
 * The editor pages: GET /novo-artigo (never cached: it shows the next id; never indexed) and the
 * editor area under /editor.
 */
export function createEditorPageRouter(deps: AppDeps): Router {
  const ports = workflowPorts(deps);
  const router = Router();
  router.get(PATHS.newArticle, async (req, res, next) => {
    try {
      // The id is only a preview; if storage is down the browser asks the API again.
      const [nextId, session] = await Promise.all([
        deps.repo.nextId().then(String, () => ''),
        readEditorSession(req).catch(() => null),
      ]);
      const html = await renderNewArticlePage(deps, nextId, session);
      setPrivatePageHeaders(res);
      res.type('html').send(html);
    } catch (error) {
      next(error);
    }
  });
  router.use(createEditorAreaRouter(deps, ports));
  router.use(guardRestOfArea(ports));
  return router;
}
