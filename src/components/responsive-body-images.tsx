import { renderToStaticMarkup } from 'react-dom/server';
import { bodyImageSizes } from './image-sizes.js';
import { findImageSet } from '../images/picture-sources.js';
import { ResponsivePicture } from './responsive-picture.js';
import type { ImageSet } from '../images/image-set.js';

/**
 * Turns the body's images that show this article's own uploads into responsive <picture>s, like the
 * main image. Works on HTML already sanitised by sanitizeArticleHtml, whose spelling is fixed
 * (`<img src="…" alt="…" title="…" width="N" />`, attribute values escaped), and builds the new markup
 * with React, which escapes every value again. An upload whose set is not stored yet (the sample
 * articles' photos for a minute after a first start) renders nothing rather than a broken image, as
 * the lists do with a main image; external images stay as they are.
 */

const IMG_TAG = /<img((?:\s+[a-z]+="[^"]*")*)\s*\/?>/g;
const ATTRIBUTE = /([a-z]+)="([^"]*)"/g;
const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

function unescapeAttribute(value: string): string {
  return value.replace(/&(?:lt|gt|quot|#39|amp);/g, (entity) => ENTITIES[entity]!);
}

function attributes(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(ATTRIBUTE)].map((match) => [match[1]!, unescapeAttribute(match[2]!)]));
}

/** The upload's name when src is /assets/artigos/{articleId}/{nome}. */
function uploadName(src: string, articleId: number): string | null {
  const prefix = `/assets/artigos/${articleId}/`;
  if (!src.startsWith(prefix)) return null;
  const encoded = src.slice(prefix.length);
  if (encoded.includes('/') || encoded.includes('?') || encoded.includes('#')) return null;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

export function responsiveBodyImages(html: string, articleId: number, sets: readonly ImageSet[]): string {
  return html.replace(IMG_TAG, (tag, attributeText: string) => {
    const attrs = attributes(attributeText);
    const name = uploadName(attrs.src ?? '', articleId);
    if (name === null) return tag;
    const set = findImageSet(sets, articleId, name);
    if (!set) return '';
    const width = attrs.width ? Number(attrs.width) : undefined;
    const displayWidth = width !== undefined && width < set.width ? width : undefined;
    return renderToStaticMarkup(
      <ResponsivePicture
        set={set}
        sizes={bodyImageSizes(displayWidth)}
        alt={attrs.alt ?? ''}
        title={attrs.title}
        displayWidth={displayWidth}
        lazy
      />,
    );
  });
}
