export type { EncodedImageInput, NewImageSet } from '../images/image-set.js';

/**
 * The types every store shares (articles, their revisions' snapshots, change events) and the storage
 * contract of the SQLite and PostgreSQL adapters: one store per aggregate, each with its interface in
 * its own module. Every adapter must pass the same contract suite (test/contract).
 */

export interface ArticleImageInput {
  nome: string;
  caption: string;
  /** The image's own alternative text; absent: the caption serves (migration 14). */
  alt?: string;
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
  /** Defaults to publicado (the spec's flow); agendado needs publicar_em. */
  status?: 'rascunho' | 'agendado' | 'publicado';
  /** ISO 8601 timestamp of a scheduled publication. */
  publicar_em?: string | null;
  /** The person who creates it (null for an editor key): what makes it their own. */
  id_criador?: number | null;
  /** The people who sign it, in order; absent: the creator (none for an editor key). */
  autores?: number[];
  clinico?: boolean;
  referencias?: ArticleReference[];
  /** Names of its topics (validated, distinct by slug), in the editor's order; existing ones are reused. */
  temas?: string[];
}

/** One source a clinical article rests on: its citation, and where to read it when it is online. */
export interface ArticleReference {
  texto: string;
  url?: string;
}

/** The approval of a clinical article's content by a doctor (issue 18). */
export interface MedicalReview {
  /** The reviewer; their name and credential line come from their profile. */
  id_pessoa: number;
  /** The reviewer's name when they approved, for the history should the person go. */
  revisor: string;
  /** ISO 8601 UTC. */
  data: string;
  /** The version approved. */
  versao: number;
  /**
   * sha-256 of what the approval covers (src/workflow/medical-review.ts): a later version with the same
   * still counts as approved. Approvals before issue 29 hold a bare digest of the title, description and content.
   */
  digest: string;
  /** Whether the approved version was clinical; absent in approvals before issue 29, which all were. */
  clinico?: boolean;
}

/** What readers see of an article, beside the spec's fields: who signs it, whether it is health content, its sources. */
export interface ArticleCredits {
  /** Person ids, in byline order. */
  autores: number[];
  clinico: boolean;
  referencias: ArticleReference[];
  revisao_medica: MedicalReview | null;
}

/**
 * A newer version of a public clinical article waiting for medical review: readers keep the approved
 * one (the row), editors work on this. `relevante`: whether any of its edits was a relevant update.
 */
export interface PendingVersion {
  fields: Pick<StoredArticle, PendingField>;
  relevante: boolean;
}

/** The fields a version awaiting review holds back from readers. */
export const PENDING_FIELDS = [
  'titulo',
  'titulo_url',
  'conteudo',
  'descricao',
  'keywords',
  'imagem_nome',
  'imagem_caption',
  'imagem_alt',
  'imagem_width',
  'imagem_height',
  'autores',
  'clinico',
  'referencias',
] as const;

export type PendingField = (typeof PENDING_FIELDS)[number];

export const ARTICLE_STATUSES = ['rascunho', 'agendado', 'publicado', 'despublicado'] as const;

export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const REVISION_ACTIONS = ['criado', 'editado', 'publicado', 'agendado', 'despublicado', 'restaurado'] as const;

export type RevisionAction = (typeof REVISION_ACTIONS)[number];

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
  /** What the image shows, for those who cannot see it; null: the caption serves (migration 14). */
  imagem_alt: string | null;
  imagem_width: number | null;
  imagem_height: number | null;
}

/** The editorial state kept beside the spec's fields. */
export interface ArticleWorkflow {
  status: ArticleStatus;
  /** ISO 8601 UTC; set while scheduled (and kept as a record afterwards). */
  publicar_em: string | null;
  /** Starts at 1 and grows by one on every save: the optimistic-locking token and the revision number. */
  versao: number;
  /**
   * Whether the article was ever public. Until then data_publicacao is only provisional (the creation,
   * or the scheduled time), and its URL answers 404 rather than 410 when it is not public.
   */
  ja_publicado: boolean;
  /** The person who created it, whose own it is; null when an editor key created it. */
  id_criador: number | null;
  /** The person who saved the current version; null for an editor key. */
  id_ultimo_editor: number | null;
  /** The person who published or scheduled it last; null for an editor key, or before. */
  id_publicador: number | null;
  /**
   * The São Paulo day (AAAA-MM-DD) until which its medical review holds (issue 33): set by every
   * approval, or by an administrator; null when none is due. Past it the review is overdue.
   */
  proxima_revisao: string | null;
}

/**
 * An article with its editorial state, as storage holds it; public answers strip the workflow fields.
 * `pendente` is read only by get(): lists never carry it.
 */
export type StoredArticle = Article & ArticleWorkflow & ArticleCredits & { pendente?: PendingVersion | null };

/** What an edit replaces: the fields of the creation form. */
export interface ArticleContent {
  titulo: string;
  titulo_url: string;
  descricao: string;
  keywords: string;
  conteudo: string;
  imagem?: ArticleImageInput | null;
  /** Absent: unchanged. */
  autores?: number[];
  clinico?: boolean;
  referencias?: ArticleReference[];
  /** Names of its topics, as in NewArticle; absent: the topics stay as they are. */
  temas?: string[];
}

export interface ArticleChange {
  /** Who saves, recorded in the revision. */
  autor: string;
  /** The person who saves (null: an editor key); absent for the scheduler, which changes no one's record. */
  id_pessoa?: number | null;
  acao: RevisionAction;
  /** The version the change was read at; a different current version throws VersionConflictError. */
  expectedVersion?: number;
  content?: ArticleContent;
  status?: { status: ArticleStatus; publicar_em: string | null };
  /**
   * An edit of a published article that readers should hear of (default): it moves data_atualizacao,
   * and with it "Atualizado em", dateModified, the sitemap and the feed. false: a typo fixed.
   */
  relevante?: boolean;
}

/** Everything a revision restores, frozen at the moment it was saved. */
export interface RevisionSnapshot {
  titulo: string;
  titulo_url: string;
  conteudo: string;
  descricao: string;
  keywords: string;
  imagem_nome: string | null;
  imagem_caption: string | null;
  imagem_alt: string | null;
  imagem_width: number | null;
  imagem_height: number | null;
  status: ArticleStatus;
  publicar_em: string | null;
  /** Names of its topics in the editor's order; null in revisions saved before they were recorded (restoring one keeps the topics). */
  temas: string[] | null;
}

/** A revision's fields that the article's own row holds: all but its topics. */
export type ArticleSnapshot = Omit<RevisionSnapshot, 'temas'>;

export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * How far a change of an article reaches for readers: `none` (no reader can see it: a draft, an article
 * scheduled for later, a version held for medical review), `body` (the article's own page only),
 * `summary` (title, URL, description, keywords, main image: also where it is listed), `placement`
 * (state or dates: where and whether it is listed).
 */
export type ChangeReach = 'none' | 'body' | 'summary' | 'placement';

export type RepositoryEvent =
  /** `none` for an article no reader sees yet (a draft, scheduled for later), `placement` otherwise. */
  | { type: 'article-created'; id: number; reach: 'none' | 'placement' }
  | { type: 'article-changed'; id: number; reach: ChangeReach }
  /** `none` for an article no reader saw, `placement` otherwise. */
  | { type: 'article-removed'; id: number; reach: 'none' | 'placement' }
  | { type: 'image-saved'; id_artigo: number; nome: string }
  | { type: 'profile-changed'; id_pessoa: number }
  /** A topic's name and slug changed (its articles did not). */
  | { type: 'topic-changed'; id_tema: number };

export class VersionConflictError extends Error {
  constructor(
    readonly id: number,
    readonly currentVersion: number,
  ) {
    super(`article ${id} is at version ${currentVersion}`);
    this.name = 'VersionConflictError';
  }
}

export class ArticleNotFoundError extends Error {
  constructor(readonly id: number) {
    super(`article ${id} not found`);
    this.name = 'ArticleNotFoundError';
  }
}
