import type { AppDeps } from '../app-deps.js';
import type { StoredArticle } from '../db/repository.js';
import type { StoredImage } from '../db/image-store.js';
import { createSlots } from '../images/decode-slots.js';
import { renderShareImage } from '../seo/render-share-image.js';
import { articleShareText, shareImageFile } from '../seo/share-image.js';
import { articleCredits } from '../workflow/article-credits.js';

/** Drawings at once: one core's worth (about 0.1 s each), so a crawler asking for many leaves the other core to readers. */
const DRAWINGS_AT_ONCE = 1;

/**
 * The generated share image of a public article under its current name, drawn and stored the first time
 * it is asked for; readers asking at once for the same new image wait for one drawing. A name its title
 * or byline no longer gives is unknown (null), like any other.
 */
export function shareImages(repo: AppDeps['repo']): (article: StoredArticle, arquivo: string) => Promise<StoredImage | null> {
  const drawing = new Map<string, Promise<StoredImage | null>>();
  const slot = createSlots(DRAWINGS_AT_ONCE);
  return async (article, arquivo) => {
    const text = articleShareText(article, (await articleCredits(repo, article)).authors);
    if (shareImageFile(text) !== arquivo) return null;
    const stored = await repo.images.getShareImage(article.id, arquivo);
    if (stored) return stored;
    const key = `${article.id}/${arquivo}`;
    let pending = drawing.get(key);
    if (!pending) {
      pending = slot(async () => {
        const { bytes } = await renderShareImage(text);
        await repo.images.saveShareImage(article.id, arquivo, bytes);
        return repo.images.getShareImage(article.id, arquivo);
      }).finally(() => drawing.delete(key));
      drawing.set(key, pending);
    }
    return pending;
  };
}
