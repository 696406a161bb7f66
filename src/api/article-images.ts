import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../app-deps.js';
import { isPublic } from '../db/article-workflow.js';
import type { StoredArticle } from '../db/repository.js';
import type { ServedImage } from '../db/image-store.js';
import { VARIANT_FILE_NAME } from '../images/image-set-files.js';
import { ARTICLE_IMAGE_PATH } from '../images/image-urls.js';
import { ApiError } from '../lib/api-error.js';
import { SHARE_IMAGE_FILE_NAME } from '../seo/share-image.js';
import type { EditorAuth } from '../workflow/editor-auth.js';
import { mayRead } from '../workflow/permissions.js';
import { shareImages } from './share-images.js';

/** A variant's name holds the hash of its bytes: the URL never changes meaning, so it is cached for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The master keeps the spec's readable URL; revalidated (cheaply, by ETag) after an hour. */
const MASTER = 'public, max-age=3600';
/**
 * An image of an article that is not public is the editors' alone: no cache may keep it, or a shared
 * one would hand it to the public and a browser would still show it after the editor signs out.
 */
const EDITORS_ONLY = 'private, no-store';

export function sendImage(res: Response, image: ServedImage, cacheControl: string, head: boolean, fresh: () => boolean): void {
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
 * Whether an editor who may read the article asks (live session, or a key as the API takes it; a
 * colaborador only for what they created or sign). A stale cookie or a wrong key gets what the public
 * gets, the 404 of an unknown image, so nothing tells a draft's image from none; the wrong key is still
 * counted by the failed-key limiter as it is judged.
 */
async function editorAsks(auth: EditorAuth, req: Request, res: Response, article: StoredArticle): Promise<boolean> {
  try {
    const editor = await auth.identify(req, res);
    return editor !== null && mayRead(editor, article);
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
}

/**
 * GET /assets/artigos/:id/:nome: the master under its upload name, or a variant under its hashed
 * name, straight from the database with a strong ETag and nosniff. What the public may see follows
 * the article (isPublic, at the moment of the request): until it is public, and again once it is
 * unpublished, only editors get its images. Anything else falls through to the 404 page, before any
 * ETag is compared, so no 304 confirms a private image either.
 */
export function createArticleImagesRouter({ repo }: Pick<AppDeps, 'repo'>, auth: EditorAuth): Router {
  const router = Router();
  const shareImage = shareImages(repo);
  router.get(ARTICLE_IMAGE_PATH, async (req, res, next) => {
    const { id, nome } = req.params;
    if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) {
      next();
      return;
    }
    if (SHARE_IMAGE_FILE_NAME.test(nome)) {
      // Only public articles have one: a draft's would tell its title to whoever guessed the URL.
      const article = await repo.articles.get(Number(id));
      const image = article && isPublic(article, new Date().toISOString()) ? await shareImage(article, nome) : null;
      if (image) sendImage(res, image, IMMUTABLE, req.method === 'HEAD', () => req.fresh);
      else next();
      return;
    }
    const variant = VARIANT_FILE_NAME.test(nome);
    const [image, article] = await Promise.all([
      variant ? repo.images.getImageVariant(Number(id), nome) : repo.images.getImage(Number(id), nome),
      repo.articles.get(Number(id)),
    ]);
    if (!image || !article) {
      next();
      return;
    }
    const head = req.method === 'HEAD';
    if (isPublic(article, new Date().toISOString())) {
      sendImage(res, image, variant ? IMMUTABLE : MASTER, head, () => req.fresh);
      return;
    }
    if (!(await editorAsks(auth, req, res, article))) {
      next();
      return;
    }
    sendImage(res, image, EDITORS_ONLY, head, () => req.fresh);
  });
  return router;
}
