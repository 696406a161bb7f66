import { sql, type Kysely } from 'kysely';
import type { SignInAttemptStore } from './sign-in-attempt-store.js';
import type { Schema } from './schema.js';

/**
 * Sign-in attempts in either database. Every name of one attempt is taken in one statement, which holds
 * their rows (PostgreSQL) or the single writer (SQLite) until it ends: parallel attempts are counted one
 * after the other on every name alike, so the k-th attempt of a burst gets the k-th count of its address
 * and of its account. Taken one statement per name, a burst interleaved them: an attempt could be the 5th
 * on its account and the 11th on its address, refused though within its account's limit (4 passwords
 * checked of 5, on two instances). The rows are taken in the names' order, the same in every statement,
 * so that two statements never wait for each other (no deadlock).
 */
export function sqlSignInAttempts(db: Kysely<Schema>): SignInAttemptStore {
  return {
    async take(names, now, endsAt) {
      await db.deleteFrom('tentativas_entrada').where('termina_em', '<=', now).execute();
      const passed = sql<boolean>`tentativas_entrada.termina_em <= ${now}`;
      const rows = await db
        .insertInto('tentativas_entrada')
        .values([...new Set(names)].sort().map((nome) => ({ nome, tentativas: 1, termina_em: endsAt })))
        .onConflict((conflict) =>
          conflict.column('nome').doUpdateSet({
            tentativas: sql<number>`CASE WHEN ${passed} THEN 1 ELSE tentativas_entrada.tentativas + 1 END`,
            termina_em: sql<string>`CASE WHEN ${passed} THEN excluded.termina_em ELSE tentativas_entrada.termina_em END`,
          }),
        )
        .returning(['nome', 'tentativas', 'termina_em'])
        .execute();
      const byName = new Map(rows.map((row) => [row.nome, { ...row, tentativas: Number(row.tentativas) }]));
      return names.map((nome) => byName.get(nome)!);
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
