import type { Kysely } from 'kysely';
import type { PersonalKeyStore } from './personal-key-store.js';
import type { Schema } from './schema.js';
import { PERSONAL_KEY_COLUMNS } from './credential-revocation.js';
import { JOINED_PERSON_COLUMNS, toPerson } from './sql-people-store.js';

/** A key used within this long keeps its recorded use: a script calling every second writes once a minute. */
const USE_GRANULARITY_MS = 60_000;

/** Personal API keys, in either database. */
export function sqlPersonalKeys(db: Kysely<Schema>): PersonalKeyStore {
  return {
    async create(id_pessoa, nome, chave_hash, now) {
      return db
        .insertInto('chaves_pessoais')
        .values({ id_pessoa, nome, chave_hash, criada_em: now, usada_em: null })
        .returning(PERSONAL_KEY_COLUMNS)
        .executeTakeFirstOrThrow();
    },
    async list(id_pessoa) {
      return db
        .selectFrom('chaves_pessoais')
        .select(PERSONAL_KEY_COLUMNS)
        .where('id_pessoa', '=', id_pessoa)
        .orderBy('criada_em', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
    async remove(id_pessoa, id) {
      const result = await db.deleteFrom('chaves_pessoais').where('id', '=', id).where('id_pessoa', '=', id_pessoa).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    async use(chave_hash, now) {
      // The person's state is read with the key, at every request: a deactivation refuses the next one, on every instance.
      const row = await db
        .selectFrom('chaves_pessoais')
        .innerJoin('pessoas', 'pessoas.id', 'chaves_pessoais.id_pessoa')
        .select([...JOINED_PERSON_COLUMNS, 'chaves_pessoais.id as id_chave', 'chaves_pessoais.usada_em'])
        .where('chaves_pessoais.chave_hash', '=', chave_hash)
        .where('chaves_pessoais.revogada_em', 'is', null)
        .where('pessoas.ativo', '=', 1)
        .executeTakeFirst();
      if (!row) return null;
      const { id_chave, usada_em, ...person } = row;
      if (!usada_em || Date.parse(now) - Date.parse(usada_em) >= USE_GRANULARITY_MS) {
        await db.updateTable('chaves_pessoais').set({ usada_em: now }).where('id', '=', id_chave).execute();
      }
      return toPerson(person);
    },
  };
}
