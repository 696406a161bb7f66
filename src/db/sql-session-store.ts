import type { Kysely } from 'kysely';
import type { EditorSession, SessionStore } from './session-store.js';
import type { Schema } from './schema.js';

/**
 * Editor sessions in the database, so that every instance sharing it recognises them. Expired rows
 * are swept whenever a session is opened.
 */
export function sqlSessions(db: Kysely<Schema>): SessionStore {
  return {
    async create(session: EditorSession) {
      const now = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('sessoes_editor').where('expira_em', '<=', now).execute();
        await trx.insertInto('sessoes_editor').values({ ...session, criada_em: now }).execute();
      });
    },
    async touch(id, now, expira_em) {
      const row = await db
        .updateTable('sessoes_editor')
        .set({ expira_em })
        .where('id', '=', id)
        .where('expira_em', '>', now)
        // A deactivated person's sessions end at once, on every instance: the check is in the same statement.
        .where((eb) => eb.or([eb('id_pessoa', 'is', null), eb('id_pessoa', 'in', eb.selectFrom('pessoas').select('pessoas.id').where('pessoas.ativo', '=', 1))]))
        .returning(['autor', 'id_pessoa'])
        .executeTakeFirst();
      return row ? { autor: row.autor, id_pessoa: row.id_pessoa } : null;
    },
    async delete(id) {
      await db.deleteFrom('sessoes_editor').where('id', '=', id).execute();
    },
    async listFor(id_pessoa, now) {
      return db
        .selectFrom('sessoes_editor')
        .select(['id', 'metodo', 'endereco', 'navegador', 'criada_em', 'expira_em'])
        .where('id_pessoa', '=', id_pessoa)
        .where('expira_em', '>', now)
        .orderBy('criada_em', 'desc')
        .orderBy('id')
        .execute();
    },
    async endAll({ id_pessoa, keep }) {
      let ending = db.deleteFrom('sessoes_editor');
      if (id_pessoa !== undefined) ending = ending.where('id_pessoa', '=', id_pessoa);
      if (keep !== null) ending = ending.where('id', '!=', keep);
      return Number((await ending.executeTakeFirst()).numDeletedRows);
    },
    async deleteFor(id_pessoa, id) {
      const result = await db.deleteFrom('sessoes_editor').where('id', '=', id).where('id_pessoa', '=', id_pessoa).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
