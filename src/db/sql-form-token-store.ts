import type { Kysely } from 'kysely';
import type { FormTokenStore } from './form-token-store.js';
import type { Schema } from './schema.js';

/** Used form tokens in either database: the primary key makes two submissions of one token one success. */
export function sqlFormTokens(db: Kysely<Schema>): FormTokenStore {
  return {
    async spend(nonce, expiresAt, now) {
      await db.deleteFrom('fichas_gastas').where('expira_em', '<=', now).execute();
      const inserted = await db
        .insertInto('fichas_gastas')
        .values({ nonce, expira_em: expiresAt })
        .onConflict((conflict) => conflict.column('nonce').doNothing())
        .returning('nonce')
        .executeTakeFirst();
      return inserted !== undefined;
    },
  };
}
