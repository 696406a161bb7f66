import { sql, type Kysely } from 'kysely';
import type { Schema } from './schema.js';

export async function countPublic(db: Kysely<Schema>, now: string): Promise<number> {
  const { total } = await db.selectNoFrom(publicTotal(db, now).as('total')).executeTakeFirstOrThrow();
  return total;
}

/**
 * How many articles are public at `now` (publicAt): the published ones as counted in `contadores`,
 * and the scheduled ones already due, which the index of scheduled articles finds among a few.
 */
export function publicTotal(db: Kysely<Schema>, now: string) {
  const published = db.selectFrom('contadores').select('valor').where('nome', '=', 'artigos_publicados');
  const due = db
    .selectFrom('artigos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'agendado')
    .where('publicar_em', '<=', now);
  return sql<number>`(${published}) + (${due})`;
}
