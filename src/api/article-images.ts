import { Router } from 'express';
import type { AppDeps } from '../app-deps.js';
import { PATHS } from '../routes.js';

/** Images may be replaced under the same name, so they are revalidated (cheaply, by ETag) after an hour. */
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * GET /assets/artigos/:id/:nome: uploaded images straight from the database, with the content type
 * sniffed at upload, a strong ETag and nosniff. Anything unknown falls through to the 404 page.
 */
export function createArticleImagesRouter({ repo }: AppDeps): Router {
  const router = Router();
  router.get(PATHS.articleImage, async (req, res, next) => {
    const { id, nome } = req.params as { id: string; nome: string };
    if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) {
      next();
      return;
    }
    const image = await repo.getImage(Number(id), nome);
    if (!image) {
      next();
      return;
    }
    res.setHeader('Content-Type', image.content_type);
    res.setHeader('ETag', `"${image.etag}"`);
    res.setHeader('Last-Modified', new Date(image.updated_at).toUTCString());
    res.setHeader('Cache-Control', CACHE_CONTROL);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Disposition', `inline; filename="${image.nome}"`);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Length', String(image.bytes.length));
    res.status(200).end(req.method === 'HEAD' ? undefined : image.bytes);
  });
  return router;
}
