import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { flag } from './article-rows.js';
import { publicReach } from './article-workflow.js';
import type { ArticleWrites } from './article-writes.js';
import { ArticleNotFoundError, type Page, type StoredArticle } from './repository.js';
import type { QueueDays, QueueSituation, ReviewQueueItem, ReviewQueueQuery, ReviewQueueStore, UpdateFirstItem, UpdateFirstQuery } from './review-queue-store.js';
import type { Schema } from './schema.js';
import { SqlStore, type SqlStoreContext } from './sql-store.js';

type Matching = SelectQueryBuilder<Schema, 'artigos', object>;

/** Overdue and due reviews are of what readers see or will see at the hour. */
const PUBLIC_STATES = ['publicado', 'agendado'] as const;

/** The review queue: each list a range of an index of migration 36 (SQLite) or 34 (PostgreSQL), never a walk of every article. */
export class SqlReviewQueueStore extends SqlStore implements ReviewQueueStore {
  constructor(
    context: SqlStoreContext,
    private readonly writes: ArticleWrites,
  ) {
    super(context);
  }

  private matching(situacao: QueueSituation, days: QueueDays, person: number | undefined): Matching {
    let matching: Matching = this.db.selectFrom('artigos');
    if (situacao === 'pendente') matching = matching.where('aguardando_revisao', '=', flag(true)).where('status', '!=', 'despublicado');
    else if (situacao === 'vencida') matching = matching.where('status', 'in', PUBLIC_STATES).where('proxima_revisao', '<', days.hoje);
    else matching = matching.where('status', 'in', PUBLIC_STATES).where('proxima_revisao', '>=', days.hoje).where('proxima_revisao', '<=', days.ate);
    if (person === undefined) return matching;
    return matching.where((eb: ExpressionBuilder<Schema, 'artigos'>) =>
      eb.or([eb('id_criador', '=', person), eb('id', 'in', eb.selectFrom('artigo_autores').select('artigo_autores.id_artigo').where('artigo_autores.id_pessoa', '=', person))]),
    );
  }

  async queue(query: ReviewQueueQuery): Promise<Page<ReviewQueueItem>> {
    const matching = this.matching(query.situacao, query, query.criadoOuAssinadoPor);
    const direction = query.desc ? 'desc' : 'asc';
    const key = query.ordem === 'titulo' ? 'titulo' : query.situacao === 'pendente' ? 'data_atualizacao' : 'proxima_revisao';
    const [rows, { total }] = await Promise.all([
      matching
        .select(['id', 'titulo', 'titulo_url', 'status', 'clinico', 'proxima_revisao', 'data_atualizacao'])
        .orderBy(key, direction)
        .orderBy('id', direction)
        .limit(query.limit)
        .execute(),
      matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map((row) => ({ ...row, clinico: Boolean(row.clinico) })), total: Number(total) };
  }

  async counts(days: QueueDays, scope: { criadoOuAssinadoPor?: number } = {}): Promise<Record<QueueSituation, number>> {
    const count = async (situacao: QueueSituation) =>
      Number((await this.matching(situacao, days, scope.criadoOuAssinadoPor).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);
    const [vencida, aVencer, pendente] = await Promise.all([count('vencida'), count('a-vencer'), count('pendente')]);
    return { vencida, 'a-vencer': aVencer, pendente };
  }

  async setNextReview(id: number, proxima_revisao: string | null): Promise<StoredArticle | null> {
    try {
      const saved = await this.db.transaction().execute(async (trx) => {
        const current = await this.writes.lockArticle(trx, id);
        await trx.updateTable('artigos').set({ proxima_revisao }).where('id', '=', id).execute();
        const next = { ...current, proxima_revisao };
        const reach = publicReach(current, next, new Date().toISOString());
        await this.dialect.announce(trx, { type: 'article-changed', id, reach });
        return { next, reach };
      });
      this.events.emit({ type: 'article-changed', id, reach: saved.reach });
      return saved.next;
    } catch (error) {
      if (error instanceof ArticleNotFoundError) return null;
      throw error;
    }
  }

  async updateFirst(query: UpdateFirstQuery): Promise<UpdateFirstItem[]> {
    // The article's id out of its address ({prefix}{id}/{ano}/...), so that an old address adds up:
    // SQLite's CAST reads the leading digits; PostgreSQL's would refuse anything else, so it matches first.
    // Literals, not parameters: GROUP BY must repeat the very expression the SELECT has.
    const prefix = query.prefixoDosArtigos;
    const articleId =
      this.dialect.kind === 'postgres'
        ? sql<number>`CAST(substring(caminho from ${sql.lit(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([0-9]{1,9})/`)}) AS INTEGER)`
        : sql<number>`CAST(substr(caminho, ${sql.lit(prefix.length + 1)}) AS INTEGER)`;
    const weight = sql<number>`CASE ${sql.join(
      query.pesos.map((step) => sql`WHEN artigos.proxima_revisao < ${step.antes} THEN ${sql.lit(step.peso)}`),
      sql` `,
    )} ELSE ${sql.lit(query.pesoBase)} END`;
    const views = sql<number>`COALESCE(vistas.n, 0)`;
    const rows = await this.db
      .with('vistas', (db) =>
        db
          .selectFrom('estatisticas_dias')
          .select([articleId.as('id_artigo'), sql<string | number>`sum(visualizacoes)`.as('n')])
          .where('dia', '>=', query.visualizacoesDesde)
          .where('robo', '=', 0)
          .where('caminho', 'like', `${prefix}%`)
          .groupBy(articleId),
      )
      .selectFrom('artigos')
      .leftJoin('vistas', 'vistas.id_artigo', 'artigos.id')
      .select(['artigos.id', 'artigos.titulo', 'artigos.titulo_url', 'artigos.data_publicacao', 'artigos.proxima_revisao', views.as('visualizacoes')])
      .where('artigos.status', '=', 'publicado')
      .where('artigos.proxima_revisao', '<=', query.ate)
      .orderBy(sql`${views} * ${weight}`, 'desc')
      .orderBy('artigos.proxima_revisao')
      .orderBy('artigos.id')
      .limit(query.limit)
      .execute();
    return rows.map((row) => ({ ...row, proxima_revisao: row.proxima_revisao!, visualizacoes: Number(row.visualizacoes) }));
  }
}
