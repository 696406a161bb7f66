import type { NewDelivery } from './outbox-store.js';
import type { StoredArticle } from './repository.js';

/** Where a note's quote stood in the article's plain text when the note was written. */
export interface NoteAnchor {
  trecho: string;
  inicio: number;
  fim: number;
}

export interface NoteReply {
  id: number;
  texto: string;
  id_pessoa: number | null;
  autor: string;
  /** ISO 8601 UTC. */
  criada_em: string;
}

/** A note of the team on a draft or a pending change (issue 33): never shown to readers. */
export interface Note {
  id: number;
  id_artigo: number;
  texto: string;
  /** The quote as it was when the note was written; null for a note on the article as a whole. */
  anchor: NoteAnchor | null;
  id_pessoa: number | null;
  autor: string;
  criada_em: string;
  /** When and by whom it was resolved; null while open. */
  resolvida: { em: string; por: string } | null;
  /** Oldest first. */
  respostas: NoteReply[];
}

export interface NewNote {
  texto: string;
  id_pessoa: number | null;
  autor: string;
}

/**
 * What the rules (src/workflow/draft-notes.ts) make of a note on the article as it is inside the write:
 * where its quote stands, or why it is refused.
 */
export type NotePlacement = { anchor: NoteAnchor | null } | { refused: 'publicado' | 'trecho' };

/** A note not yet e-mailed to the article's authors, as the message lists it. */
export interface UnannouncedNote {
  id: number;
  texto: string;
  trecho: string | null;
  autor: string;
  id_pessoa: number | null;
}

/** The notes of articles and their replies. */
export interface NoteStore {
  /**
   * Adds a note at `now` where `place` decides on the article as it is, in one transaction with that
   * read. Null when the article is absent.
   */
  add(id_artigo: number, note: NewNote, now: string, place: (article: StoredArticle) => NotePlacement): Promise<{ note: Note } | { refused: 'publicado' | 'trecho' } | null>;
  /** The article's notes, oldest first, each with its replies. */
  list(id_artigo: number): Promise<Note[]>;
  get(id_artigo: number, id_nota: number): Promise<Note | null>;
  /** Null when the article has no such note. */
  reply(id_artigo: number, id_nota: number, reply: NewNote, now: string): Promise<NoteReply | null>;
  /** Resolves (`by` and `now`) or reopens (`by` null) a note; null when the article has no such note. */
  setResolved(id_artigo: number, id_nota: number, resolved: { por: string; em: string } | null): Promise<Note | null>;
  /** How many of the article's notes are open. */
  countOpen(id_artigo: number): Promise<number>;
  /** Articles with notes not yet e-mailed to their authors. */
  articlesToAnnounce(): Promise<number[]>;
  /**
   * Claims the article's notes not yet e-mailed, unless a message about its notes went after
   * `quietSince` (the batch window is still open), and enqueues what `compose` makes of them in the same
   * transaction: a note is claimed once, whichever instance comes first. Answers the claimed notes.
   */
  announce(id_artigo: number, now: string, quietSince: string, compose: (notes: UnannouncedNote[]) => NewDelivery[]): Promise<UnannouncedNote[]>;
}
