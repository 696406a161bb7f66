import { sql, type Transaction } from 'kysely';
import type { ReviewDecisions } from './article-store.js';
import { ARTICLE_COLUMNS, credits, flag, toArticle } from './article-rows.js';
import { workingCopy } from './article-workflow.js';
import { ArticleNotFoundError, type ArticleSnapshot, type ArticleStatus, type RevisionAction, type StoredArticle } from './repository.js';
import { expiredAutosaves } from './revision-retention.js';
import { packSnapshot } from './revision-snapshots.js';
import type { Schema } from './schema.js';
import type { SqlDialect } from './sql-dialect.js';
import { topicNames, topicsOf } from './sql-topic-store.js';

/** The steps of an article's writes that several stores share, each inside the caller's transaction. */
export class ArticleWrites {
  constructor(
    private readonly dialect: SqlDialect,
    private readonly review: ReviewDecisions,
  ) {}

  /** The article as stored, with any version waiting for review, its row locked until the transaction ends. */
  async lockArticle(trx: Transaction<Schema>, id: number): Promise<StoredArticle> {
    const row = await trx
      .selectFrom('artigos')
      .select([...ARTICLE_COLUMNS, 'pendente'])
      .where('id', '=', id)
      // SQLite's write transaction already holds the whole database.
      .$if(this.dialect.kind === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst();
    if (!row) throw new ArticleNotFoundError(id);
    return toArticle(row);
  }

  async writeArticle(trx: Transaction<Schema>, article: StoredArticle): Promise<void> {
    const { id, autor: _autor, pendente, autores: _a, clinico: _c, referencias: _r, revisao_medica: _m, ...columns } = article;
    await trx
      .updateTable('artigos')
      .set({
        ...columns,
        ja_publicado: flag(article.ja_publicado),
        ...credits(article),
        pendente: pendente ? JSON.stringify(pendente) : null,
        aguardando_revisao: flag(this.review.needsReview(workingCopy(article))),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Keeps the count of published articles in step, inside the write that changes it. */
  async countPublished(trx: Transaction<Schema>, change: number): Promise<void> {
    if (change === 0) return;
    await trx
      .updateTable('contadores')
      .set({ valor: sql`valor + ${change}` })
      .where('nome', '=', 'artigos_publicados')
      .execute();
  }

  /** Moves the article's update date, locking its row; throws ArticleNotFoundError when it is absent. */
  async touchArticle(trx: Transaction<Schema>, id: number, now: string): Promise<void> {
    const touched = await trx.updateTable('artigos').set({ data_atualizacao: now }).where('id', '=', id).executeTakeFirst();
    if (touched.numUpdatedRows === 0n) throw new ArticleNotFoundError(id);
  }

  async thinAutosaves(trx: Transaction<Schema>, id: number): Promise<void> {
    const revisions = await trx
      .selectFrom('artigo_revisoes')
      .select(['versao', 'data', 'acao', 'id_pessoa', this.dialect.jsonText('instantaneo', 'status').$castTo<ArticleStatus>().as('status')])
      .where('id_artigo', '=', id)
      .execute();
    const expired = expiredAutosaves(revisions);
    if (expired.length > 0) await trx.deleteFrom('artigo_revisoes').where('id_artigo', '=', id).where('versao', 'in', expired).execute();
  }

  async recordRevision(
    trx: Transaction<Schema>,
    id: number,
    versao: number,
    by: { autor: string; id_pessoa: number | null },
    data: string,
    acao: RevisionAction,
    snapshot: ArticleSnapshot,
  ): Promise<void> {
    // The topics as this transaction left them: what a later restore gives back.
    const temas = topicNames(await topicsOf(trx, [id]), id);
    await trx
      .insertInto('artigo_revisoes')
      .values({ id_artigo: id, versao, ...by, data, acao, ...(await packSnapshot({ ...snapshot, temas })) })
      .execute();
  }
}
