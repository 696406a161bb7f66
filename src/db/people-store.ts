import type { NewDelivery } from './outbox-store.js';
import type { Grant, Role } from '../people/roles.js';
import type { PersonalKey } from './personal-key.js';

export interface Person {
  id: number;
  nome: string;
  email: string;
  papel: Role;
  ativo: boolean;
  /** ISO 8601 UTC. */
  criada_em: string;
  /** Rights an administrator granted beside the role. */
  permissoes: Grant[];
}

export interface NewPerson {
  nome: string;
  /** Already validated; stored in lower case. */
  email: string;
  papel: Role;
}

export type InvitationOutcome = { accepted: Person } | { refused: LinkRefusal };

/** Why a one-time link (an invitation, a password reset) cannot be used. */
export type LinkRefusal = 'unknown' | 'used' | 'expired';

/** A one-time link and the person it is for, or why it cannot be used. */
export type OneTimeLink = { person: Person } | { refused: LinkRefusal };

/** An invitation not yet accepted: whose, and until when its newest link works (ISO 8601 UTC). */
export interface PendingInvitation {
  id_pessoa: number;
  expira_em: string;
}

/** Why an invitation cannot be sent again: no such person, or the person already chose a password. */
export type ResendRefusal = 'absent' | 'accepted';

/** A password reset link as stored: a digest of its secret, and until when it works. */
export interface NewPasswordReset {
  token_hash: string;
  expira_em: string;
}

/** The people of the editors' area (issue 17); the configured editor keys are not people. */
export interface PeopleStore {
  /**
   * A person without a password yet, and the invitation (a digest of its one-time secret) that lets them
   * choose one; with `delivery`, the message that carries it joins the outbox in the same transaction.
   */
  invite(person: NewPerson, invitation: { token_hash: string; expira_em: string }, delivery?: (person: Person) => NewDelivery): Promise<Person>;
  /** Every person who has not accepted their invitation yet, with the expiry of its current link. */
  pendingInvitations(): Promise<PendingInvitation[]>;
  /**
   * A new link for a person who has not accepted yet: the earlier links stop working (deleted, so they
   * answer "unknown") and, with `delivery`, the new message joins the outbox, all in one transaction.
   */
  resendInvitation(id_pessoa: number, invitation: { token_hash: string; expira_em: string }, delivery?: (person: Person) => NewDelivery): Promise<{ person: Person } | { refused: ResendRefusal }>;
  /** The person an invitation is for while it can be used at `now`, or why it cannot. */
  invitation(token_hash: string, now: string): Promise<OneTimeLink>;
  /** Sets the password of an invited person, once, while the invitation is valid at `now`. */
  acceptInvitation(token_hash: string, senha_hash: string, now: string): Promise<InvitationOutcome>;
  get(id: number): Promise<Person | null>;
  /** With the password hash, for signing in; the address in any case. */
  findByEmail(email: string): Promise<(Person & { senha_hash: string | null }) | null>;
  list(): Promise<Person[]>;
  /** The person's own name and e-mail; throws EmailTakenError when the address is another person's. */
  updateProfile(id: number, profile: { nome: string; email: string }): Promise<Person | null>;
  /**
   * A new password hash (the caller checked the current password and the new one's strength). In the same
   * transaction the person's other sessions end (all but `keepSession`, the digest of the one asking) and
   * their keys created until `now` are revoked: the revoked keys.
   */
  setPassword(id: number, senha_hash: string, change: { now: string; keepSession: string | null }): Promise<PersonalKey[]>;
  /**
   * Changes role, state or granted rights (`permissoes` replaces them); throws LastAdministratorError rather than leave no active administrator among
   * the people. A deactivation deletes the person's sessions and revokes their keys in the same
   * transaction, so that a reactivation revives neither.
   */
  update(id: number, change: { papel?: Role; ativo?: boolean; permissoes?: Grant[] }): Promise<Person | null>;
  /**
   * "Esqueci a senha": stores a reset link for the active person with this address and returns them;
   * null for an unknown or inactive address. The same statements run either way, so the two take about
   * as long. Links expired at `now` are swept.
   */
  requestPasswordReset(email: string, reset: NewPasswordReset, now: string): Promise<Person | null>;
  /** A reset link an administrator hands over; null when the person is absent or inactive. */
  issuePasswordReset(id_pessoa: number, reset: NewPasswordReset, now: string): Promise<Person | null>;
  /** The person a reset link is for while it can be used at `now`, or why it cannot. */
  passwordReset(token_hash: string, now: string): Promise<OneTimeLink>;
  /**
   * Sets the new password once, while the link works at `now` and its person is active; the person's
   * other reset links stop working, their sessions end and their keys are revoked, in the same transaction.
   */
  completePasswordReset(token_hash: string, senha_hash: string, now: string): Promise<({ person: Person; revokedKeys: PersonalKey[] }) | { refused: LinkRefusal }>;
}

export class EmailTakenError extends Error {
  constructor(readonly email: string) {
    super(`a person with ${email} already exists`);
    this.name = 'EmailTakenError';
  }
}

export class LastAdministratorError extends Error {
  constructor() {
    super('the last active administrator cannot be demoted or deactivated');
    this.name = 'LastAdministratorError';
  }
}
