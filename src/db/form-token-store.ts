/**
 * The form tokens already used, shared by every instance: a signed token is good for one submission,
 * whichever instance receives it. Each is kept until it would have expired anyway, then swept.
 */
export interface FormTokenStore {
  /** Marks `nonce` used until `expiresAt`; false when it was used already. Entries expired at `now` are swept. */
  spend(nonce: string, expiresAt: string, now: string): Promise<boolean>;
}
