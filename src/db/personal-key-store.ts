import type { Person } from './people-store.js';
import type { PersonalKey } from './personal-key.js';

/** Personal API keys, stored as a digest of the key, acting with their person's role. */
export interface PersonalKeyStore {
  create(id_pessoa: number, nome: string, chave_hash: string, now: string): Promise<PersonalKey>;
  list(id_pessoa: number): Promise<PersonalKey[]>;
  /** Revokes one of the person's own (or forgets one already revoked); false when it is not theirs or absent. */
  remove(id_pessoa: number, id: number): Promise<boolean>;
  /** The active person a key digest belongs to, recording the use; null when unknown, revoked or the person is deactivated. */
  use(chave_hash: string, now: string): Promise<Person | null>;
}
