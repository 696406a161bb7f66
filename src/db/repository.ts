import type { ImageSet, VariantFormat } from '../images/image-set.js';

/**
 * The storage contract shared by the SQLite and PostgreSQL adapters.
 * Every adapter must pass the same contract suite (test/contract).
 */

export interface ArticleImageInput {
  nome: string;
  caption: string;
  width: number;
  height: number;
}

/** What the API hands to storage: already validated and sanitised. */
export interface NewArticle {
  titulo: string;
  titulo_url: string;
  descricao: string;
  keywords: string;
  conteudo: string;
  autor: string;
  imagem?: ArticleImageInput;
  /** ISO 8601 timestamp; only seeding and imports set it, the API always lets storage use the current time. */
  data_publicacao?: string;
}

/** An article as the API returns it (spec section 3). */
export interface Article {
  id: number;
  titulo: string;
  titulo_url: string;
  conteudo: string;
  descricao: string;
  keywords: string;
  /** ISO 8601 timestamp in UTC, set by the server on creation. */
  data_publicacao: string;
  /** ISO 8601 timestamp in UTC: the last change of the article or one of its images. */
  data_atualizacao: string;
  autor: string;
  imagem_nome: string | null;
  imagem_caption: string | null;
  imagem_width: number | null;
  imagem_height: number | null;
}

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

export interface Page<T> {
  items: T[];
  total: number;
}

export interface ArticleSummary {
  id: number;
  titulo_url: string;
  data_publicacao: string;
  data_atualizacao: string;
}

export type RepositoryEvent =
  | { type: 'article-created'; id: number }
  | { type: 'image-saved'; id_artigo: number; nome: string };

export interface ArticleRepository {
  readonly kind: 'sqlite' | 'postgres';
  /** A preview of the id the next article will get; the real id comes from create(). */
  nextId(): Promise<number>;
  create(article: NewArticle): Promise<number>;
  get(id: number): Promise<Article | null>;
  /** Newest first (data_publicacao desc, then id desc); pageIndex starts at 1. */
  latest(pageIndex: number, pageSize: number): Promise<Page<Article>>;
  /** Every article, for the sitemap. */
  summaries(): Promise<ArticleSummary[]>;
  /** Inserts or replaces the image (id_artigo, nome). Throws ArticleNotFoundError when the article is absent. */
  saveImage(image: StoredImageInput): Promise<{ id: number; nome: string }>;
  getImage(id_artigo: number, nome: string): Promise<StoredImage | null>;
  /**
   * Stores a processed image with its variants, all or nothing. Never replaces: throws
   * ImageNameTakenError when the article already has an image under that name, ArticleNotFoundError
   * when the article is absent.
   */
  saveImageSet(set: NewImageSet): Promise<{ id: number; nome: string }>;
  /** A variant or the social image by its hashed file name (StoredImage.nome is that file name). */
  getImageVariant(id_artigo: number, arquivo: string): Promise<StoredImage | null>;
  /** The processed images of these articles (by article, then upload order); images stored before the pipeline are left out. */
  imageSets(articleIds: number[]): Promise<ImageSet[]>;
  count(): Promise<number>;
  /** Cheap round trip used by /healthz and by the 503 logic. */
  ping(): Promise<void>;
  /** Subscribe to changes (this instance's writes, and other instances' on PostgreSQL). Returns an unsubscribe function. */
  subscribe(listener: (event: RepositoryEvent) => void): () => void;
  close(): Promise<void>;
}

export class ArticleNotFoundError extends Error {
  constructor(readonly id: number) {
    super(`article ${id} not found`);
    this.name = 'ArticleNotFoundError';
  }
}

export class ImageNameTakenError extends Error {
  constructor(
    readonly id_artigo: number,
    readonly nome: string,
  ) {
    super(`article ${id_artigo} already has an image named ${nome}`);
    this.name = 'ImageNameTakenError';
  }
}
