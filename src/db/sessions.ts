import type { Kysely } from 'kysely';
import type { EditorSession, SessionStore } from './repository.js';
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
        .returning('autor')
        .executeTakeFirst();
      return row ? { autor: row.autor } : null;
    },
    async delete(id) {
      await db.deleteFrom('sessoes_editor').where('id', '=', id).execute();
    },
  };
}
