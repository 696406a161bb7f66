import type { ImageSet, ImageVariant, PictureSet, VariantFormat } from './image-set.js';

/** Formats a browser may skip, best first; the fallback (JPEG, PNG or GIF) goes on the <img> itself. */
const MODERN_FORMATS: VariantFormat[] = ['avif', 'webp'];

const MIME: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

export interface PictureSource {
  type: string;
  srcSet: string;
}

/** What a <picture> needs: a <source> per modern format and the fallback <img>, all with width descriptors. */
export interface PictureSources {
  sources: PictureSource[];
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

function srcSet(variants: ImageVariant[]): string {
  return variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
}

/**
 * The candidates of an image set, at most `maxWidth` wide (cards never need the large files). The
 * narrowest variant is kept even when it is wider than maxWidth, so a set always has a candidate.
 * width/height are the master's, which gives the <img> its aspect ratio before anything loads.
 */
export function pictureSources(set: PictureSet, maxWidth = Infinity): PictureSources {
  const byFormat = new Map<VariantFormat, ImageVariant[]>();
  for (const variant of [...set.variants].sort((a, b) => a.width - b.width)) {
    const list = byFormat.get(variant.format) ?? [];
    if (list.length === 0 || variant.width <= maxWidth) list.push(variant);
    byFormat.set(variant.format, list);
  }
  const sources = MODERN_FORMATS.flatMap((format) => {
    const variants = byFormat.get(format);
    return variants ? [{ type: MIME[format], srcSet: srcSet(variants) }] : [];
  });
  const fallback = [...byFormat].find(([format]) => !MODERN_FORMATS.includes(format))?.[1];
  const fallbackSrc = fallback?.at(-1)?.url ?? set.masterUrl;
  return {
    sources,
    src: fallbackSrc,
    srcSet: fallback ? srcSet(fallback) : '',
    width: set.width,
    height: set.height,
  };
}

/** The set uploaded under this name, if the pipeline processed it. */
export function findImageSet(sets: readonly ImageSet[], id_artigo: number, nome: string | null): ImageSet | undefined {
  return nome ? sets.find((set) => set.id_artigo === id_artigo && set.nome === nome) : undefined;
}
