import type { FocalPoint } from '../images/focal-crop.js';
import type { EncodedImageInput, ImageSet, NewImageSet } from '../images/image-set.js';

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

/** An article that shows an image: in its text or as its main image, under this name of the article. */
export interface ImageUse {
  id_artigo: number;
  titulo: string;
  nome: string;
}

/** An image of the team's library: a processed upload, its defaults, its focal point and where it is used. */
export interface LibraryImage {
  id: number;
  /** The article it was uploaded to: its URLs sit under that article. */
  id_artigo: number;
  titulo_artigo: string;
  nome: string;
  width: number;
  height: number;
  /** Null: nobody chose one, crops centre. */
  foco: FocalPoint | null;
  alt_padrao: string | null;
  legenda_padrao: string | null;
  updated_at: string;
  /** Site-relative URL of its narrowest fallback variant (JPEG, PNG or GIF), for the library's thumbnails. */
  miniatura: string;
  usos: ImageUse[];
}

/** An image of the library as a search reads it. */
export interface LibraryIndexEntry {
  id: number;
  nome: string;
  alt_padrao: string | null;
  legenda_padrao: string | null;
  /** The titles of the article it was uploaded to and of every article it was linked to. */
  titulos: string[];
}

/** What changing an image of the library sets; an absent field stays as it is. */
export interface ImageChange {
  foco?: FocalPoint;
  /** The share image cropped around the new focal point: it replaces the old one (a new hashed name). */
  social?: EncodedImageInput;
  alt_padrao?: string | null;
  legenda_padrao?: string | null;
}

export class ImageInUseError extends Error {
  constructor(readonly usos: ImageUse[]) {
    super(`image used by ${usos.length} article(s)`);
    this.name = 'ImageInUseError';
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
  /**
   * Every processed image of the team, newest first, with only the words a search reads: the library pages
   * and searches over this, then asks libraryImages for the page it shows (uses need the articles' text).
   */
  libraryIndex(): Promise<LibraryIndexEntry[]>;
  /** These images of the library, newest first, with their uses (issue 34). */
  libraryImages(ids: number[]): Promise<LibraryImage[]>;
  libraryImage(id: number): Promise<LibraryImage | null>;
  /** The stored master of an image of the library, for re-making its crops. */
  imageMaster(id: number): Promise<{ id_artigo: number; nome: string; bytes: Buffer } | null>;
  /**
   * Makes an image of the library part of another article without copying it: a name of that article
   * (the image's own name when free there) serves the same master and variants under the article's URLs.
   * The image's own article gets its own name back; asking twice gives the same name. Null when the image
   * does not exist; throws ArticleNotFoundError when the article is absent.
   */
  linkImage(id_artigo: number, id_imagem: number): Promise<{ nome: string } | null>;
  /** False when the image does not exist. */
  updateImage(id: number, change: ImageChange): Promise<boolean>;
  /** Removes an image with its variants and links; throws ImageInUseError when an article shows it. False when absent. */
  deleteImage(id: number): Promise<boolean>;
}
