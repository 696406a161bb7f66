import { Router } from 'express';
import type { AppDeps } from '../app-deps.js';
import { editArticlePath, signInPath } from '../editor-area/paths.js';
import { sendNotFound } from '../http/not-found.js';
import { parseArticleId } from '../news/article-id.js';
import { articleView } from '../news/article-view.js';
import { renderDocumentToString } from '../ssr/render.js';
import { readEditorSession } from './editor-workflow.js';
import { PreviewBanner } from './preview-banner.js';

export const PREVIEW_PATH = '/editor/previa/:id';

/**
 * GET /editor/previa/:id: the saved version, in any state, through the very renderer of the public page,
 * for signed-in editors only; never cached, never indexed.
 */
export function createPreviewRouter(deps: AppDeps): Router {
  const router = Router();
  router.get(PREVIEW_PATH, async (req, res, next) => {
    try {
      if (!(await readEditorSession(req))) {
        res.set('Cache-Control', 'no-store').redirect(303, signInPath(req.originalUrl));
        return;
      }
      const id = parseArticleId(String(req.params.id));
      const article = id === null ? null : await deps.repo.get(id);
      if (!article) {
        await sendNotFound(res, deps);
        return;
      }
      const images = await deps.repo.imageSets([article.id]);
      const view = articleView(deps, article, images, <PreviewBanner article={article} editPath={editArticlePath(article.id)} />);
      const html = await renderDocumentToString(view.element);
      res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' }).type('html').send(html);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
