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
