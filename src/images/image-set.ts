import type { FocalPoint } from './focal-crop.js';

/**
 * What the image pipeline stores for one uploaded image and what pages need to show it: the
 * normalised master (served at the spec's /assets/artigos/{id}/{nome}) and its responsive variants,
 * each at a content-hashed, immutable URL.
 */
/** 'gif' only for animated images, whose fallback stays animated. */
export type VariantFormat = 'avif' | 'webp' | 'jpeg' | 'png' | 'gif';

export interface ImageVariant {
  format: VariantFormat;
  width: number;
  height: number;
  /** Site-relative, content-hashed URL under /assets/artigos/{id}/ (cacheable forever). */
  url: string;
  /** Size of the encoded file, for budgets and the editor's display. */
  bytes: number;
}

export interface ImageSet {
  id_artigo: number;
  /** The saved file name: /assets/artigos/{id_artigo}/{nome} serves the master. */
  nome: string;
  /** Size of the master after orientation (longest side at most 2560 px). */
  width: number;
  height: number;
  hasAlpha: boolean;
  /** Animated GIF or WebP: variants are animated WebP with an animated GIF fallback (no AVIF). */
  animated: boolean;
  /** Site-relative URL of the master (the spec's URL). */
  masterUrl: string;
  /**
   * Responsive widths (320, 640, 960, 1280, 1920, never upscaled; the master's own width when it is
   * narrower than 1920) in AVIF, WebP and the fallback (JPEG, or PNG with alpha); animated: WebP and GIF.
   * Ordered by format, then width ascending.
   */
  variants: ImageVariant[];
  /** 1200 × 630 JPEG cropped around the focal point, for og:image, twitter:image and feeds (sets older than issue 34: 1200 px wide). */
  social: ImageVariant;
  /** Where crops centre (cards' object-position, the share image): the chosen focal point, or the centre. */
  focus: FocalPoint;
  /** Id of the stored image (the library's); an image used by another article keeps its owner's id. */
  id: number;
}

/** What a <picture> is drawn from: an article's image set or a person's photo. */
export type PictureSet = Pick<ImageSet, 'width' | 'height' | 'masterUrl' | 'variants'> & { focus?: FocalPoint };

/** One encoded file of an image set, stored under a content-hashed file name. */
export interface EncodedImageInput {
  /** File name under /assets/artigos/{id_artigo}/, unique for the article because it holds a content hash. */
  arquivo: string;
  format: VariantFormat;
  content_type: string;
  width: number;
  height: number;
  bytes: Buffer;
}

/** What the image pipeline produced for one upload (the original is not kept). */
export interface NewImageSet {
  id_artigo: number;
  /** Already normalised to a safe file name; the master is served under it. */
  nome: string;
  master: { content_type: string; bytes: Buffer; width: number; height: number; hasAlpha: boolean; animated: boolean };
  variants: EncodedImageInput[];
  social: EncodedImageInput;
}
