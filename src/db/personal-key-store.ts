import type { Person } from './people-store.js';

/** What revoked a key without its owner asking: a password change, a reset link, a deactivation. */
export type KeyRevocation = 'troca-de-senha' | 'redefinicao-de-senha' | 'desativacao';

/** A personal API key as its owner sees it: never the key itself. */
export interface PersonalKey {
  id: number;
  nome: string;
  /** ISO 8601 UTC. */
  criada_em: string;
  usada_em: string | null;
  /** When a password change, a reset or a deactivation revoked it; null while it works. */
  revogada_em: string | null;
  revogada_por: KeyRevocation | null;
}

/** Personal API keys, stored as a digest of the key, acting with their person's role. */
export interface PersonalKeyStore {
  create(id_pessoa: number, nome: string, chave_hash: string, now: string): Promise<PersonalKey>;
  list(id_pessoa: number): Promise<PersonalKey[]>;
  /** Revokes one of the person's own (or forgets one already revoked); false when it is not theirs or absent. */
  remove(id_pessoa: number, id: number): Promise<boolean>;
  /** The active person a key digest belongs to, recording the use; null when unknown, revoked or the person is deactivated. */
  use(chave_hash: string, now: string): Promise<Person | null>;
}
