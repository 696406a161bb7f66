import type { Kysely } from 'kysely';
import type { Schema } from './schema.js';
import type { SecretStore } from './secret-store.js';

/** Shared secrets in either database: two instances creating at once keep the first row written. */
export function sqlSecrets(db: Kysely<Schema>): SecretStore {
  return {
    async getOrCreate(name, create) {
      await db
        .insertInto('segredos')
        .values({ nome: name, valor: create(), criado_em: new Date().toISOString() })
        .onConflict((conflict) => conflict.column('nome').doNothing())
        .execute();
      const row = await db.selectFrom('segredos').select('valor').where('nome', '=', name).executeTakeFirstOrThrow();
      return row.valor;
    },
  };
}
