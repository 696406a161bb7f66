/** Who is editing an article, as every instance sees it (issue 34). Instants are ISO 8601 UTC. */
export interface EditLock {
  id_artigo: number;
  /** The editing tab's token; never shown to anyone else. */
  titular: string;
  nome: string;
  id_pessoa: number | null;
  desde: string;
  expira_em: string;
}

export type EditClaim = Omit<EditLock, 'desde'>;

/** A save kept aside because someone else had taken over the editing: nothing of it is lost. */
export interface Suggestion {
  id: number;
  id_artigo: number;
  autor: string;
  id_pessoa: number | null;
  /** The version the suggestion's author was editing. */
  versao_base: number;
  data: string;
  conteudo: Record<string, unknown>;
}

export type NewSuggestion = Omit<Suggestion, 'id'> & { titular: string };

/** Editing locks and the suggestions they divert; the rules (lifetimes, who may take over) are src/workflow/edit-locks.ts's. */
export interface EditLockStore {
  /**
   * Takes the lock when it is free or lapsed at `now`, or renews it when `claim.titular` holds it already
   * (keeping `desde`). Returns the lock as it stands afterwards: someone else's when they hold it.
   */
  hold(claim: EditClaim, now: string): Promise<EditLock>;
  /** Takes the lock whoever holds it; the former holder learns it on their next heartbeat or save. */
  takeOver(claim: EditClaim, now: string): Promise<EditLock>;
  /** The live lock of an article at `now`, or null. */
  current(id: number, now: string): Promise<EditLock | null>;
  /** Ends the lock if `titular` holds it. */
  release(id: number, titular: string): Promise<void>;
  /** Keeps a suggestion; a later one from the same tab replaces it (it holds everything the earlier one did). */
  keepSuggestion(suggestion: NewSuggestion): Promise<Suggestion>;
  /** An article's suggestions, newest first. */
  suggestions(id: number): Promise<Suggestion[]>;
}
