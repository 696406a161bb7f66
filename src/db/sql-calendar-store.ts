import { sql } from 'kysely';
import type { ArticlePlan, CalendarEntry, CalendarQuery, CalendarStore } from './calendar-store.js';
import { SqlStore } from './sql-store.js';

/** Each kind reads its own date through its own index (migrations 3, 1, 36 and 39), then the four are merged. */
export class SqlCalendarStore extends SqlStore implements CalendarStore {
  async planOf(id: number) {
    const row = await this.db.selectFrom('artigos').select(['previsto_para', 'id_responsavel', 'id_criador']).where('id', '=', id).executeTakeFirst();
    return row ?? null;
  }

  async plan(id: number, plan: Partial<ArticlePlan>): Promise<boolean> {
    if (plan.previsto_para === undefined && plan.id_responsavel === undefined) return (await this.planOf(id)) !== null;
    const result = await this.db.updateTable('artigos').set(plan).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async entries(query: CalendarQuery): Promise<CalendarEntry[]> {
    const responsavel = sql<number | null>`coalesce(artigos.id_responsavel, artigos.id_criador)`;
    const base = () => {
      let select = this.db.selectFrom('artigos').select(['artigos.id', 'artigos.titulo', responsavel.as('id_responsavel')]);
      if (query.id_responsavel !== undefined) select = select.where(responsavel, '=', query.id_responsavel);
      if (query.id_tema !== undefined) {
        const { id_tema } = query;
        select = select.where(({ exists, selectFrom }) =>
          exists(selectFrom('artigo_temas').select('artigo_temas.id_artigo').whereRef('artigo_temas.id_artigo', '=', 'artigos.id').where('artigo_temas.id_tema', '=', id_tema)),
        );
      }
      return select;
    };
    const [planned, scheduled, due, published] = await Promise.all([
      base().select('artigos.previsto_para as quando').where('artigos.previsto_para', '>=', query.desde).where('artigos.previsto_para', '<', query.ate).where('artigos.status', '=', 'rascunho').execute(),
      base().select('artigos.publicar_em as quando').where('artigos.status', '=', 'agendado').where('artigos.publicar_em', '>=', query.desdeInstante).where('artigos.publicar_em', '<', query.ateInstante).execute(),
      base().select('artigos.proxima_revisao as quando').where('artigos.proxima_revisao', '>=', query.desde).where('artigos.proxima_revisao', '<', query.ate).where('artigos.proxima_revisao', 'is not', null).execute(),
      base().select('artigos.data_publicacao as quando').where('artigos.status', '=', 'publicado').where('artigos.data_publicacao', '>=', query.desdeInstante).where('artigos.data_publicacao', '<', query.ateInstante).execute(),
    ]);
    const tagged = [
      ...planned.map((row) => ({ ...row, tipo: 'previsto' as const })),
      ...scheduled.map((row) => ({ ...row, tipo: 'agendado' as const })),
      ...due.map((row) => ({ ...row, tipo: 'revisao' as const })),
      ...published.map((row) => ({ ...row, tipo: 'publicado' as const })),
    ];
    return tagged
      .map(({ tipo, quando, id, titulo, id_responsavel }) => ({ tipo, quando: String(quando), id, titulo, id_responsavel: id_responsavel === null ? null : Number(id_responsavel) }))
      .sort((a, b) => (a.quando < b.quando ? -1 : a.quando > b.quando ? 1 : a.id - b.id));
  }

  async feedSeed(id_pessoa: number): Promise<string | null> {
    const row = await this.db.selectFrom('calendario_feeds').select('semente').where('id_pessoa', '=', id_pessoa).executeTakeFirst();
    return row?.semente ?? null;
  }

  async createFeed(id_pessoa: number, feed: { semente: string; token_hash: string }, now: string): Promise<string> {
    await this.db
      .insertInto('calendario_feeds')
      .values({ id_pessoa, semente: feed.semente, token_hash: feed.token_hash, criado_em: now })
      .onConflict((conflict) => conflict.column('id_pessoa').doNothing())
      .execute();
    return (await this.feedSeed(id_pessoa))!;
  }

  async feedOwner(token_hash: string): Promise<number | null> {
    const row = await this.db.selectFrom('calendario_feeds').select('id_pessoa').where('token_hash', '=', token_hash).executeTakeFirst();
    return row?.id_pessoa ?? null;
  }

  async revokeFeed(id_pessoa: number): Promise<void> {
    await this.db.deleteFrom('calendario_feeds').where('id_pessoa', '=', id_pessoa).execute();
  }
}
