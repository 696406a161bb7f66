import type pg from 'pg';
import type { EditorSession, SessionStore } from './repository.js';

/** Editor sessions in the shared database, so a session opened on one instance works on all of them. */
export function postgresSessions(pool: pg.Pool): SessionStore {
  return {
    async create(session: EditorSession) {
      await pool.query(
        `WITH swept AS (DELETE FROM sessoes_editor WHERE expira_em <= now())
        INSERT INTO sessoes_editor (id, autor, criada_em, expira_em) VALUES ($1, $2, now(), $3)`,
        [session.id, session.autor, session.expira_em],
      );
    },
    async touch(id, now, expira_em) {
      const { rows } = await pool.query<{ autor: string }>(
        'UPDATE sessoes_editor SET expira_em = $1 WHERE id = $2 AND expira_em > $3 RETURNING autor',
        [expira_em, id, now],
      );
      return rows[0] ? { autor: rows[0].autor } : null;
    },
    async delete(id) {
      await pool.query('DELETE FROM sessoes_editor WHERE id = $1', [id]);
    },
  };
}
