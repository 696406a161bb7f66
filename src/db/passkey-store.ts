import type { Role } from '../people/roles.js';

/** A person's passkey as stored (the WebAuthn credential's public part). */
export interface StoredPasskey {
  /** The credential id, base64url. */
  id: string;
  id_pessoa: number;
  nome: string;
  /** COSE public key, base64url. */
  chave_publica: string;
  contador: number;
  transportes: string[];
  criada_em: string;
  usada_em: string | null;
}

/** Passkeys, the roles that must have one, and the challenges of the ceremonies in progress. */
export interface PasskeyStore {
  list(id_pessoa: number): Promise<StoredPasskey[]>;
  find(id: string): Promise<StoredPasskey | null>;
  add(passkey: Omit<StoredPasskey, 'usada_em'>): Promise<void>;
  /** Records a sign-in: the authenticator's new counter and when. */
  used(id: string, contador: number, now: string): Promise<void>;
  /** Removes one of the person's own; false when it is not theirs or absent. */
  remove(id_pessoa: number, id: string): Promise<boolean>;
  requiredRoles(): Promise<Role[]>;
  /** Whether the person's role must have a passkey and they have none yet. */
  mustRegister(id_pessoa: number, papel: Role): Promise<boolean>;
  setRequiredRoles(roles: Role[]): Promise<void>;
  /** Keeps a challenge until `expira_em`; expired ones are swept at the same time. */
  saveChallenge(desafio: string, id_pessoa: number | null, expira_em: string, now: string): Promise<void>;
  /** Takes a challenge once: whom it was for (null for a sign-in), or undefined when unknown, used or expired. */
  takeChallenge(desafio: string, now: string): Promise<{ id_pessoa: number | null } | undefined>;
}
