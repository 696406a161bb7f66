/** Scheduled publications. */
export interface SchedulingStore {
  /**
   * Publishes every scheduled article due at `now`, each exactly once even when several instances claim
   * at the same moment, with one publicado revision each. Returns the ids this call published.
   */
  publishDue(now: string): Promise<number[]>;
}
