import { Router, type Response } from 'express';
import type { AppDeps } from '../app-deps.js';
import type { StoredImage } from '../db/repository.js';
import { VARIANT_FILE_NAME } from '../images/image-set-files.js';
import { ARTICLE_IMAGE_PATH } from '../images/image-urls.js';

/** A variant's name holds the hash of its bytes: the URL never changes meaning, so it is cached for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The master keeps the spec's readable URL; revalidated (cheaply, by ETag) after an hour. */
const MASTER = 'public, max-age=3600';

function sendImage(res: Response, image: StoredImage, cacheControl: string, head: boolean, fresh: () => boolean): void {
  res.setHeader('Content-Type', image.content_type);
  res.setHeader('ETag', `"${image.etag}"`);
  res.setHeader('Last-Modified', new Date(image.updated_at).toUTCString());
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Disposition', `inline; filename="${image.nome}"`);
  // Feed readers and link previews on other sites show article images; helmet's default is same-origin.
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  if (fresh()) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Length', String(image.bytes.length));
  res.status(200).end(head ? undefined : image.bytes);
}

/**
 * GET /assets/artigos/:id/:nome: the master under its upload name, or a variant under its hashed
 * name, straight from the database with a strong ETag and nosniff. Anything unknown falls through
 * to the 404 page.
 */
export function createArticleImagesRouter({ repo }: AppDeps): Router {
  const router = Router();
  router.get(ARTICLE_IMAGE_PATH, async (req, res, next) => {
    const { id, nome } = req.params as { id: string; nome: string };
    if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) {
      next();
      return;
    }
    const variant = VARIANT_FILE_NAME.test(nome);
    const image = variant ? await repo.getImageVariant(Number(id), nome) : await repo.getImage(Number(id), nome);
    if (!image) {
      next();
      return;
    }
    sendImage(res, image, variant ? IMMUTABLE : MASTER, req.method === 'HEAD', () => req.fresh);
  });
  return router;
}
