import { sql, type Kysely } from 'kysely';
import type { SignInAttemptStore } from './sign-in-attempt-store.js';
import type { Schema } from './schema.js';

/**
 * Sign-in attempts in either database. Each name is its own statement, which holds one row's lock
 * (PostgreSQL) or the single writer (SQLite) while it runs: parallel upserts of one name are counted
 * one after the other, and no statement waits for a row while holding another (no deadlock).
 */
export function sqlSignInAttempts(db: Kysely<Schema>): SignInAttemptStore {
  return {
    async take(names, now, endsAt) {
      await db.deleteFrom('tentativas_entrada').where('termina_em', '<=', now).execute();
      const passed = sql<boolean>`tentativas_entrada.termina_em <= ${now}`;
      const taken = [];
      for (const nome of names) {
        const row = await db
          .insertInto('tentativas_entrada')
          .values({ nome, tentativas: 1, termina_em: endsAt })
          .onConflict((conflict) =>
            conflict.column('nome').doUpdateSet({
              tentativas: sql<number>`CASE WHEN ${passed} THEN 1 ELSE tentativas_entrada.tentativas + 1 END`,
              termina_em: sql<string>`CASE WHEN ${passed} THEN excluded.termina_em ELSE tentativas_entrada.termina_em END`,
            }),
          )
          .returning(['nome', 'tentativas', 'termina_em'])
          .executeTakeFirstOrThrow();
        taken.push({ ...row, tentativas: Number(row.tentativas) });
      }
      return taken;
    },
    async giveBack(names, now) {
      for (const nome of names) {
        await db
          .updateTable('tentativas_entrada')
          .set({ tentativas: sql<number>`tentativas - 1` })
          .where('nome', '=', nome)
          .where('termina_em', '>', now)
          .where('tentativas', '>', 0)
          .execute();
      }
    },
  };
}
