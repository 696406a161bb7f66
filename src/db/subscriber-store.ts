import type { Utm } from './lead-store.js';
import type { Delivery, NewDelivery } from './outbox-store.js';

export type SubscriberState = 'pendente' | 'confirmado' | 'cancelado' | 'invalido';

/** How a subscriber left: the e-mail's one-click header (RFC 8058), the link in its body, or the preferences page. */
export type UnsubscribeMethod = 'cabecalho' | 'link' | 'preferencias';

/** What the form showed and where it was sent from: the proof of consent (LGPD art. 8). */
export interface ConsentProof {
  /** The words next to the button, as shown. */
  texto: string;
  versao: string;
  em: string;
  /** The page the form was on. */
  pagina: string | null;
  /** The client address with its host part removed; the full address is never stored. */
  endereco: string | null;
}

export interface Subscriber {
  id: string;
  email: string;
  estado: SubscriberState;
  /** Topic slugs; empty means every topic. */
  temas: string[];
  falhasPermanentes: number;
  criadoEm: string;
  confirmadoEm: string | null;
  canceladoEm: string | null;
  canceladoComo: UnsubscribeMethod | null;
  /** While pendente: when the confirmation link stops working. */
  tokenExpiraEm: string | null;
  consentimento: ConsentProof;
}

/** A stored proof: kept, reduced to the address's sha-256, when the subscriber is erased. */
export interface SubscriptionProof {
  tipo: 'inscricao' | 'confirmacao' | 'cancelamento';
  em: string;
  emailSha256: string;
  texto: string | null;
  versao: string | null;
  pagina: string | null;
  endereco: string | null;
  modo: string | null;
}

export interface SignUp {
  /** Normalised (normalisedEmail, src/lib/email-address.ts). */
  email: string;
  temas: string[];
  consentimento: ConsentProof;
  /** The campaign of the page that led to the form (issue 32), counted with the confirmation; replaced by each sign-up; absent: none. */
  utm?: Pick<Utm, 'source' | 'medium' | 'campaign'>;
  /** The new confirmation link's secret as its sha-256, and when it expires. */
  tokenHash: string;
  tokenExpiraEm: string;
  /** Confirmation e-mails one address may receive in a day; past it, nothing is sent. */
  maxMailsPerDay: number;
}

/**
 * What a sign-up did, never shown to the person who sent the form (they always read the same words):
 * `confirmar`, a confirmation e-mail was enqueued (new, pending, unsubscribed or invalid address);
 * `ja-confirmado`, the address is subscribed: its owner is told so, and nothing changes; `limite`,
 * the address had its e-mails for the day: nothing was enqueued or changed.
 */
export type SignUpOutcome = 'confirmar' | 'ja-confirmado' | 'limite';

/** What the owner of the address is e-mailed after a sign-up (composed by the caller, enqueued with the sign-up). */
export type SignUpMail = (outcome: Exclude<SignUpOutcome, 'limite'>, subscriber: { id: string; email: string }) => NewDelivery | Promise<NewDelivery>;

export type ConfirmResult = { confirmed: Subscriber } | { expired: true } | { unknown: true };

/** Everything stored about one address, for a data subject's request (LGPD art. 18). */
export interface SubscriberRecord {
  subscriber: Subscriber | null;
  proofs: SubscriptionProof[];
  /** The deliveries to this subscriber (confirmations and editions), with their states. */
  deliveries: Delivery[];
}

/** The newsletter's subscribers, one per normalised address, with their proofs. */
export interface SubscriberStore {
  /**
   * A form was sent: the same work whatever the address's state, in one transaction with the e-mail
   * `mail` composes (enqueued in the outbox). Pending, unsubscribed and invalid addresses get a new
   * confirmation link (the old one stops working) and the form's topics and consent; a confirmed one
   * is left as it is.
   */
  signUp(request: SignUp, mail: SignUpMail, now: string): Promise<SignUpOutcome>;
  /** The subscriber whose confirmation link has this digest; expired or unknown links say so. Confirming twice is unknown. */
  confirm(tokenHash: string, now: string, endereco: string | null): Promise<ConfirmResult>;
  /** The state a confirmation link is in, without using it (the page before the button). */
  peekToken(tokenHash: string, now: string): Promise<'valido' | 'expirado' | 'desconhecido'>;
  get(id: string): Promise<Subscriber | undefined>;
  /** Leaves at once, the way it was done kept as proof; false when there is no such subscriber. Leaving twice keeps the first. */
  unsubscribe(id: string, how: UnsubscribeMethod, now: string): Promise<boolean>;
  /** New topics of a confirmed subscriber; false when absent or not confirmed. */
  setTopics(id: string, temas: string[]): Promise<boolean>;
  /** A delivery to the subscriber failed for good: past `limit` such failures, the address is `invalido`. */
  recordPermanentFailure(id: string, limit: number): Promise<void>;
  /** Confirmed subscribers after `afterId` in id order, at most `limit` (an edition enqueues them in batches). */
  confirmedAfter(afterId: string | null, limit: number): Promise<Pick<Subscriber, 'id' | 'temas'>[]>;
  /** Counts per state, for the editors' page. */
  counts(): Promise<Record<SubscriberState, number>>;
  /** Deletes subscriptions still pending that were made before `before` (with their proofs' link to them); answers how many. */
  deleteUnconfirmedBefore(before: string): Promise<number>;
  /** Everything about an address (normalised here), for an export. */
  findByEmail(email: string): Promise<SubscriberRecord>;
  /**
   * Erases an address: the subscriber and its deliveries go; its proofs stay with the address's
   * sha-256 only. False when there was no subscriber.
   */
  eraseByEmail(email: string): Promise<boolean>;
}


/** The confirmation e-mails of a subscriber are about `inscrito:<id>`; its editions' deliveries have the key `boletim:<edition>:<id>`. */
export const subscriberReference = (id: string) => `inscrito:${id}`;
export const editionDeliveryKey = (edition: string, subscriber: string) => `boletim:${edition}:${subscriber}`;
