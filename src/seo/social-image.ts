import type { ImageSet } from '../images/image-set.js';
import type { PageMeta } from './page-meta.js';

/**
 * og:image and twitter:image: the 1200 px JPEG the pipeline made for sharing, with its real size.
 * Without a processed image there is none, so no preview ever points at a missing file.
 */
export function socialImage(set: ImageSet | undefined, alt: string): PageMeta['image'] {
  if (!set) return undefined;
  return { url: set.social.url, width: set.social.width, height: set.social.height, alt };
}
