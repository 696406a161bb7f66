import type { RevisionAction, RevisionSnapshot } from './repository.js';

export interface RevisionSummary {
  versao: number;
  autor: string;
  /** The person who saved it; null for an editor key, the scheduler's own name, or before migration 12. */
  id_pessoa: number | null;
  /** ISO 8601 UTC. */
  data: string;
  acao: RevisionAction;
  titulo: string;
}

export interface Revision extends RevisionSummary {
  snapshot: RevisionSnapshot;
}

/** An article's saved versions, newest first; the writes of articles record them. */
export interface RevisionStore {
  revisions(id: number): Promise<RevisionSummary[]>;
  revision(id: number, versao: number): Promise<Revision | null>;
}
