/**
 * Secrets every instance must agree on, kept in the shared database: a fresh machine makes its own on
 * first use, and a second instance beside the first signs and verifies with the same one.
 */
export interface SecretStore {
  /** The secret named `name`; the first caller ever stores `create()`, every later one (any instance) reads it. */
  getOrCreate(name: string, create: () => string): Promise<string>;
}
