/** A correction of a published article, dated: shown to readers, never edited or removed (issue 33). */
export interface Correction {
  id: number;
  texto: string;
  /** ISO 8601 UTC. */
  data: string;
}

export interface NewCorrection {
  texto: string;
  /** Who records it, for the history should the person go. */
  autor: string;
  id_pessoa: number | null;
}

/** The corrections of articles: added one after another, never changed. */
export interface CorrectionStore {
  /**
   * Records a correction of a published article at `now`, as a relevant update (it moves
   * data_atualizacao), all in one transaction, and tells the pages that show the article. Null when the
   * article is absent or not published (nothing is written then).
   */
  add(id_artigo: number, correction: NewCorrection, now: string): Promise<Correction | null>;
  /** The article's corrections, newest first. */
  list(id_artigo: number): Promise<Correction[]>;
}
