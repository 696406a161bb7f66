import type Database from 'better-sqlite3';
import type { EditorSession, SessionStore } from './repository.js';

/** Editor sessions in the embedded file; expired rows are swept whenever a session is opened. */
export function sqliteSessions(db: Database.Database): SessionStore {
  const insert = db.prepare(
    'INSERT INTO sessoes_editor (id, autor, criada_em, expira_em) VALUES (@id, @autor, @criada_em, @expira_em)',
  );
  const sweep = db.prepare('DELETE FROM sessoes_editor WHERE expira_em <= ?');
  const touch = db.prepare('UPDATE sessoes_editor SET expira_em = ? WHERE id = ? AND expira_em > ? RETURNING autor');
  const remove = db.prepare('DELETE FROM sessoes_editor WHERE id = ?');
  return {
    async create(session: EditorSession) {
      const now = new Date().toISOString();
      db.transaction(() => {
        sweep.run(now);
        insert.run({ ...session, criada_em: now });
      }).immediate();
    },
    async touch(id, now, expira_em) {
      const row = touch.get(expira_em, id, now) as { autor: string } | undefined;
      return row ? { autor: row.autor } : null;
    },
    async delete(id) {
      remove.run(id);
    },
  };
}
