import { Router } from 'express';
import type { AppDeps } from '../app-deps.js';
import { VARIANT_FILE_NAME } from '../images/image-set-files.js';
import { PROFILE_PHOTO_PATH } from '../images/image-urls.js';
import { IMMUTABLE, sendImage } from './article-images.js';

/**
 * GET /assets/perfis/:id/:arquivo: a variant of a person's current photo. Public whether or not the
 * person has an author page yet (the editor shows it on the profile form); its hashed name says
 * nothing that the page linking it does not, and a replaced photo's names simply stop answering.
 */
export function createProfilePhotosRouter({ repo }: Pick<AppDeps, 'repo'>): Router {
  const router = Router();
  router.get(PROFILE_PHOTO_PATH, async (req, res, next) => {
    const { id, arquivo } = req.params;
    if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647 || !VARIANT_FILE_NAME.test(arquivo)) {
      next();
      return;
    }
    const photo = await repo.profiles.photoFile(Number(id), arquivo);
    if (!photo) {
      next();
      return;
    }
    sendImage(res, photo, IMMUTABLE, req.method === 'HEAD', () => req.fresh);
  });
  return router;
}
