import type { DeliveryState } from './outbox-store.js';

/** An article as an edition shows it, fixed when the edition is made: later edits do not change a sent edition. */
export interface EditionArticle {
  id: number;
  titulo: string;
  descricao: string;
  /** The article's absolute address, without tracking parameters (the e-mail adds its utm_*). */
  url: string;
  /** An existing variant of the main image, absolute; null without one. */
  imagem: { url: string; alt: string; width: number; height: number } | null;
  /** Topic slugs: a subscriber who chose topics gets the articles of those. */
  temas: string[];
}

export type EditionState = 'rascunho' | 'preparando' | 'enviada';

/**
 * A newsletter edition. `rascunho`: a manual edition not yet sent; `preparando`: its deliveries are
 * being enqueued, in batches, from `cursor` on (a restart resumes there); `enviada`: every delivery is
 * in the outbox, which sends them.
 */
export interface Edition {
  id: string;
  assunto: string;
  artigos: EditionArticle[];
  /** A scheduled edition's slot; null for a manual one. */
  vaga: string | null;
  estado: EditionState;
  cursor: string | null;
  /** Deliveries enqueued so far. */
  destinatarios: number;
  criadaEm: string;
  criadaPor: string | null;
  enviadaEm: string | null;
  /** A scheduled edition covers the articles published up to here. */
  ate: string | null;
}

export interface EditionProgress {
  porEstado: Record<DeliveryState, number>;
  /** The deliveries given up on, newest first, with the receiver's last answer. */
  falhas: { entrega: string; tentativas: number; ultimaResposta: string | null }[];
}

/** What one batch of an edition's fan-out enqueues: a delivery per subscriber, and where the next batch starts. */
export interface EditionBatch {
  subscribers: string[];
  /** The last subscriber looked at (sent to or not): the next batch reads after it. */
  cursor: string | null;
  /** No subscriber after this batch: the edition is `enviada`. */
  last: boolean;
}

/** Newsletter editions; their deliveries are outbox rows (kind `boletim`, reference `boletim:<id>`). */
export interface EditionStore {
  createManual(edition: { assunto: string; artigos: EditionArticle[]; criadaPor: string }, now: string): Promise<Edition>;
  /** The edition of a schedule's slot, `preparando` at once; null when the slot has one already (another instance made it). */
  createForSlot(edition: { assunto: string; artigos: EditionArticle[]; vaga: string; ate: string }, now: string): Promise<Edition | null>;
  /** The scheduled edition with the latest slot: the next one covers what was published after its `ate`. */
  lastScheduled(): Promise<Edition | undefined>;
  get(id: string): Promise<Edition | undefined>;
  /** Newest first. */
  list(limit: number): Promise<Edition[]>;
  /** A draft starts sending; false when it is no draft (sent already). */
  startSending(id: string, now: string): Promise<boolean>;
  /** Editions whose fan-out is under way or was interrupted. */
  preparing(): Promise<Edition[]>;
  /**
   * In one transaction: a delivery per subscriber of the batch (each once, whatever happens: its key is
   * the edition and the subscriber), the cursor moved on, and the edition `enviada` after the last
   * batch. False, with nothing written, when the cursor is no longer `from` (another instance wrote this batch).
   */
  enqueueBatch(id: string, from: string | null, batch: EditionBatch, now: string): Promise<boolean>;
  progress(id: string, failures: number): Promise<EditionProgress>;
}

/** The outbox reference of an edition's deliveries. */
export const editionReference = (id: string) => `boletim:${id}`;
