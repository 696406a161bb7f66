/**
 * Sign-in attempts per name in fixed windows, shared by every instance: taking one is a single atomic
 * statement, so parallel requests on any instance are counted one after the other.
 */
export interface SignInAttemptStore {
  /**
   * Adds one attempt to each name (a new window ending at `endsAt` when its last one has passed) and
   * answers each name's count with it and when its window ends. Windows that have passed are swept.
   */
  take(names: string[], now: string, endsAt: string): Promise<{ nome: string; tentativas: number; termina_em: string }[]>;
  /** Gives one attempt back to each name whose window is still open (an attempt that succeeded). */
  giveBack(names: string[], now: string): Promise<void>;
}
