import { sql } from 'kysely';
import { ARTICLE_COLUMNS, toArticle } from './article-rows.js';
import { snapshotOf } from './article-workflow.js';
import type { ArticleWrites } from './article-writes.js';
import type { SchedulingStore } from './scheduling-store.js';
import { SqlStore, type SqlStoreContext } from './sql-store.js';

export class SqlSchedulingStore extends SqlStore implements SchedulingStore {
  constructor(
    context: SqlStoreContext,
    private readonly writes: ArticleWrites,
  ) {
    super(context);
  }

  /**
   * The UPDATE is the claim: a row another instance is publishing stays locked until that commit, and is
   * then re-checked against status = 'agendado', which no longer holds, so each article is taken once.
   */
  async publishDue(now: string): Promise<number[]> {
    const published = await this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .updateTable('artigos')
        .set({
          status: 'publicado',
          ja_publicado: 1,
          versao: sql`versao + 1`,
          data_publicacao: sql`CASE WHEN ja_publicado THEN data_publicacao ELSE publicar_em END`,
          data_atualizacao: sql`CASE WHEN publicar_em > data_atualizacao THEN publicar_em ELSE data_atualizacao END`,
        })
        .where('status', '=', 'agendado')
        .where('publicar_em', '<=', now)
        .returning(ARTICLE_COLUMNS)
        .execute();
      await this.writes.countPublished(trx, rows.length);
      for (const article of rows.map(toArticle)) {
        const last = await trx
          .selectFrom('artigo_revisoes')
          .select(['autor', 'id_pessoa'])
          .where('id_artigo', '=', article.id)
          .orderBy('versao', 'desc')
          .limit(1)
          .executeTakeFirst();
        await this.writes.recordRevision(trx, article.id, article.versao, last ?? { autor: article.autor, id_pessoa: null }, now, 'publicado', snapshotOf(article));
        await this.dialect.announce(trx, { type: 'article-changed', id: article.id, reach: 'placement' });
      }
      return rows.map((row) => row.id);
    });
    for (const id of published) this.events.emit({ type: 'article-changed', id, reach: 'placement' });
    return published;
  }
}
