export type SignInMethod = 'chave' | 'senha' | 'passkey';

export interface EditorSession {
  /** A digest of the cookie's secret: the store never holds a usable session id. */
  id: string;
  autor: string;
  /** The person signed in; null for a session opened with an editor key. */
  id_pessoa: number | null;
  /** ISO 8601 UTC. */
  expira_em: string;
  metodo: SignInMethod;
  endereco: string | null;
  navegador: string | null;
}

/** A person's open session as its owner sees it. */
export interface OpenSession {
  id: string;
  metodo: SignInMethod;
  endereco: string | null;
  navegador: string | null;
  /** ISO 8601 UTC. */
  criada_em: string;
  expira_em: string;
}

/** Editor sessions in the shared store, so that every instance recognises them. */
export interface SessionStore {
  create(session: EditorSession): Promise<void>;
  /**
   * The author of a session alive at `now`, pushing its expiry to `expira_em` (sliding); null when unknown,
   * expired, or its person was deactivated.
   */
  touch(id: string, now: string, expira_em: string): Promise<{ autor: string; id_pessoa: number | null } | null>;
  delete(id: string): Promise<void>;
  /** A person's sessions alive at `now`, newest first. */
  listFor(id_pessoa: number, now: string): Promise<OpenSession[]>;
  /** Ends one of the person's own sessions; false when it is not theirs or absent. */
  deleteFor(id_pessoa: number, id: string): Promise<boolean>;
  /**
   * Ends every session of one person (`id_pessoa`), or of everyone (editor keys' included) when it is
   * undefined, but `keep` (the caller's own); answers how many ended.
   */
  endAll(scope: { id_pessoa?: number; keep: string | null }): Promise<number>;
}
