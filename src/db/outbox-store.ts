/** What a delivery is for: its carrier (src/outbox) knows how to carry it. Extended as new kinds arrive. */
export type DeliveryKind = 'email' | 'webhook' | 'boletim';

export type DeliveryState = 'pendente' | 'enviando' | 'entregue' | 'falhou';

export interface NewDelivery {
  kind: DeliveryKind;
  /** Whatever the sender of `kind` needs, stored as JSON. */
  payload: unknown;
  /** Enqueueing twice with the same key makes one delivery (the first). */
  idempotencyKey?: string;
  /** What the delivery is about (`contato:<id>`, `boletim:<id>`), to list it there. */
  reference?: string;
}

export interface Delivery {
  /** A uuid, stable across attempts: the id the receiver deduplicates on. */
  id: string;
  kind: DeliveryKind;
  payload: unknown;
  state: DeliveryState;
  /** Attempts begun, this one included once claimed. */
  attempts: number;
  nextAttemptAt: string;
  /** While `enviando`: the claim's lease; past it, the claim is considered dead (kill -9) and the row is claimable again. */
  takenUntil: string | null;
  lastAnswer: string | null;
  idempotencyKey: string | null;
  createdAt: string;
  deliveredAt: string | null;
  reference: string | null;
}

/** The pending deliveries of one kind: how many, and when the oldest of them was enqueued. */
export interface PendingKind {
  kind: DeliveryKind;
  pending: number;
  oldestCreatedAt: string;
}

/** A claimed delivery: the lease it was claimed with is the claim's proof when it is marked. */
export type ClaimedDelivery = Delivery & { state: 'enviando'; takenUntil: string };

/**
 * The durable outbox: one row per delivery that leaves the process, shared by every instance. A claim
 * takes rows under a lease (PostgreSQL: FOR UPDATE SKIP LOCKED, so two instances never take the same
 * row); marking a delivery checks that lease, so a claimer whose lease expired cannot overwrite the
 * row another instance has claimed since.
 */
export interface OutboxStore {
  /** Adds a delivery, pending from `now`; with a key already enqueued, answers that delivery and adds nothing. */
  enqueue(delivery: NewDelivery, now?: string): Promise<{ id: string; created: boolean }>;
  /**
   * Takes up to `limit` deliveries due at `now` (pending and due, or sending with a lease that has
   * expired) of the given kinds, oldest due first: each becomes `enviando` with the lease `takenUntil`,
   * one attempt more.
   */
  claim(now: string, takenUntil: string, limit: number, kinds: readonly DeliveryKind[]): Promise<ClaimedDelivery[]>;
  /** Receiver accepted. False when the claim was lost (lease expired and claimed again). */
  markDelivered(claim: ClaimedDelivery, now: string, answer: string): Promise<boolean>;
  /** A passing failure: pending again from `nextAttemptAt`. */
  markRetry(claim: ClaimedDelivery, nextAttemptAt: string, answer: string): Promise<boolean>;
  /** A failure no retry can mend (or the last attempt): `falhou`, never claimed again. */
  markFailed(claim: ClaimedDelivery, answer: string): Promise<boolean>;
  get(id: string): Promise<Delivery | undefined>;
  /** Deliveries of `kind` delivered since `since`, and those being sent under a lease that still holds at `now`: what a sending rate counts. */
  countRecent(kind: DeliveryKind, since: string, now: string): Promise<number>;
  /** The deliveries about `reference`, newest first. */
  listByReference(reference: string): Promise<Delivery[]>;
  /**
   * Sends a delivery that was given up on (`falhou`) again, as it was, under the same id: pending from
   * `now`, attempts and retry window counted anew. False when it is not `falhou`.
   */
  requeue(id: string, now: string): Promise<boolean>;
  /** The queue as the operator's metrics show it: pending deliveries by kind (kinds with none are absent). */
  pendingByKind(): Promise<PendingKind[]>;
}
