import { newSecretToken } from './secret-token.js';
import { signToken, verifyToken } from './signed-token.js';

/** Where the shared secret comes from (the database's secret store). */
export interface SecretSource {
  getOrCreate(name: string, create: () => string): Promise<string>;
}

const SECRET_NAME = 'assinatura-do-site';

/**
 * Signs and verifies the site's tokens with the secret every instance shares. The secret is read once
 * per app; a failed read (the database away) is tried again on the next call.
 */
export class SiteSigner {
  private secret: Promise<string> | undefined;

  constructor(private readonly source: SecretSource) {}

  async sign(purpose: string, payload: string): Promise<string> {
    return signToken(await this.key(), purpose, payload);
  }

  async verify(purpose: string, token: string): Promise<string | undefined> {
    return verifyToken(await this.key(), purpose, token);
  }

  private key(): Promise<string> {
    this.secret ??= this.source.getOrCreate(SECRET_NAME, newSecretToken).catch((error: unknown) => {
      this.secret = undefined;
      throw error;
    });
    return this.secret;
  }
}
