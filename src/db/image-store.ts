import type { ImageSet, NewImageSet } from '../images/image-set.js';

export interface StoredImageInput {
  id_artigo: number;
  /** Already normalised to a safe file name. */
  nome: string;
  content_type: string;
  bytes: Buffer;
}

export interface StoredImage {
  id: number;
  id_artigo: number;
  nome: string;
  content_type: string;
  bytes: Buffer;
  /** Strong validator derived from the bytes (e.g. sha-256 in hex). */
  etag: string;
  updated_at: string;
}

/** What answering with a stored image needs. */
export type ServedImage = Pick<StoredImage, 'nome' | 'content_type' | 'bytes' | 'etag' | 'updated_at'>;

export class ImageNameTakenError extends Error {
  constructor(
    readonly id_artigo: number,
    readonly nome: string,
  ) {
    super(`article ${id_artigo} already has an image named ${nome}`);
    this.name = 'ImageNameTakenError';
  }
}

/** Articles' images: uploads with their variants, raw images of imports, generated share images. */
export interface ImageStore {
  /**
   * Inserts or replaces raw bytes under (id_artigo, nome), without variants: for tests and imports only.
   * Uploads go through saveImageSet, which never replaces. Throws ArticleNotFoundError when the article is absent.
   */
  saveImage(image: StoredImageInput): Promise<{ id: number; nome: string }>;
  getImage(id_artigo: number, nome: string): Promise<StoredImage | null>;
  /**
   * Stores a processed image with its variants, all or nothing: imageSets() lists it only once
   * complete, and a failure leaves nothing behind. Never replaces: throws
   * ImageNameTakenError when the article already has an image under that name, ArticleNotFoundError
   * when the article is absent.
   */
  saveImageSet(set: NewImageSet): Promise<{ id: number; nome: string }>;
  /** A variant or the social image by its hashed file name (StoredImage.nome is that file name). */
  getImageVariant(id_artigo: number, arquivo: string): Promise<StoredImage | null>;
  /** An article's generated share image by its file name (StoredImage.nome is that file name). */
  getShareImage(id_artigo: number, arquivo: string): Promise<StoredImage | null>;
  /**
   * Keeps a generated share image (JPEG) as the article's only one: the image of an older title goes.
   * Another instance that stored the same name first wins (the drawing is the same). Throws
   * ArticleNotFoundError when the article is absent.
   */
  saveShareImage(id_artigo: number, arquivo: string, bytes: Buffer): Promise<void>;
  /** The processed images of these articles (by article, then upload order); images stored before the pipeline are left out. */
  imageSets(articleIds: number[]): Promise<ImageSet[]>;
}
