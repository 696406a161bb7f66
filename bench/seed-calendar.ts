/**
 * Issue 33's calendar at scale, on the generated articles (all published, one an hour up to the newest):
 * one in twenty becomes a draft planned for the day it would have been published (old plans stay
 * in the table, as abandoned ones do), and one in twenty of the measured month's is scheduled for its
 * hour. Every month then holds about as many planned, scheduled and published articles at 1,000 as at
 * 100,000 (the site's pace), while the reviews due grow with the clinical archive (markReviews).
 * Written straight in SQL, as markReviews is; the count of published articles is set again after.
 */
import pg from 'pg';
import Database from 'better-sqlite3';
import { addDays, instantsOf, siteDayOf } from '../src/lib/stats-time.js';

const DAY_MS = 86_400_000;
const RECOUNT = "UPDATE contadores SET valor = (SELECT count(*) FROM artigos WHERE status = 'publicado') WHERE nome = 'artigos_publicados'";

/** The month measured: the one ten days before the newest article, all of whose days hold published articles at 1,000 (41 days). */
function monthOf(newest: string): { mes: string; fromInstant: string; toInstant: string } {
  const mes = siteDayOf(Date.parse(newest) - 10 * DAY_MS).slice(0, 7);
  const last = addDays(`${addDays(`${mes}-28`, 4).slice(0, 7)}-01`, -1);
  return { mes, ...instantsOf(`${mes}-01`, last) };
}

/** Marks the articles (once: a marked database is left as it is) and answers the month to measure, AAAA-MM. */
export async function markCalendar(env: { DATABASE_URL?: string; SQLITE_PATH?: string }): Promise<string> {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ newest: string }>(`SELECT to_char(max(data_publicacao) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS newest FROM artigos`);
      const month = monthOf(rows[0]!.newest);
      await client.query(
        `UPDATE artigos SET status = 'rascunho', ja_publicado = false, previsto_para = to_char((data_publicacao AT TIME ZONE 'America/Sao_Paulo')::date, 'YYYY-MM-DD')
           WHERE id % 20 = 3 AND status = 'publicado' AND previsto_para IS NULL`,
      );
      await client.query(
        `UPDATE artigos SET status = 'agendado', publicar_em = data_publicacao WHERE id % 20 = 7 AND status = 'publicado' AND data_publicacao >= $1 AND data_publicacao <= $2`,
        [month.fromInstant, month.toInstant],
      );
      await client.query(RECOUNT);
      await client.query('ANALYZE artigos');
      return month.mes;
    } finally {
      await client.end();
    }
  }
  const db = new Database(env.SQLITE_PATH);
  try {
    const { newest } = db.prepare('SELECT max(data_publicacao) AS newest FROM artigos').get() as { newest: string };
    const month = monthOf(newest);
    db.transaction(() => {
      // São Paulo has kept UTC-3 all year since 2019.
      db.prepare(
        `UPDATE artigos SET status = 'rascunho', ja_publicado = 0, previsto_para = date(data_publicacao, '-3 hours')
           WHERE id % 20 = 3 AND status = 'publicado' AND previsto_para IS NULL`,
      ).run();
      db.prepare(`UPDATE artigos SET status = 'agendado', publicar_em = data_publicacao WHERE id % 20 = 7 AND status = 'publicado' AND data_publicacao >= ? AND data_publicacao <= ?`).run(
        month.fromInstant,
        month.toInstant,
      );
      db.prepare(RECOUNT).run();
    })();
    db.exec('ANALYZE');
    return month.mes;
  } finally {
    db.close();
  }
}
