import type { ImageSet } from '../images/image-set.js';
import { SOCIAL_HEIGHT, SOCIAL_WIDTH } from '../images/image-limits.js';
import type { PageMeta } from './page-meta.js';

/**
 * og:image and twitter:image: the 1200 × 630 JPEG the pipeline cropped around the photo's focal point.
 * A set stored before issue 34 has a share image of another shape: none then, and the page falls back to
 * its generated share image, so og:image is always 1200 × 630 and never points at a missing file.
 */
export function socialImage(set: ImageSet | undefined, alt: string): PageMeta['image'] {
  if (!set || set.social.width !== SOCIAL_WIDTH || set.social.height !== SOCIAL_HEIGHT) return undefined;
  return { url: set.social.url, width: set.social.width, height: set.social.height, alt };
}
