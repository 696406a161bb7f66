import type { RawDraftContentState } from 'draft-js';
import { ENTITY } from '../schema.js';

/**
 * How many images each copy of a draft holds, so that opening the editor never silently puts back the
 * copy that lost some. The browser's copy counts its stored images and the pasted ones still on their way
 * (a placeholder an upload will fill); an image of another site waiting for its file is no photo of ours.
 */
export function copyImageCount(raw: RawDraftContentState | null): number {
  return Object.values(raw?.entityMap ?? {}).filter(
    (entity) => entity.type === ENTITY.image || (entity.type === ENTITY.pendingImage && (entity.data as { remote?: unknown } | undefined)?.remote !== true),
  ).length;
}

/** The server's copy is the article's HTML: one `<img>` per image. */
export function htmlImageCount(html: string): number {
  return html.match(/<img\b/gi)?.length ?? 0;
}
