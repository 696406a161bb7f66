import type { ImportedArticle, ImportJob, ImportSource, ImportStore, NewImportJob } from './import-store.js';
import type { NewArticle } from './repository.js';
import type { SqlArticleStore } from './sql-article-store.js';
import { SqlStore, type SqlStoreContext } from './sql-store.js';

const JOB_COLUMNS = ['id', 'origem', 'arquivo', 'sha256', 'estado', 'total', 'feitos', 'criados', 'recusados', 'autor', 'criada_em', 'atualizada_em'] as const;

/** Items of one lookup: far below either database's parameter limit. */
const IDS_PER_QUERY = 500;

/** The article and its source commit together: an interrupted import never leaves an article it cannot find again. */
export class SqlImportStore extends SqlStore implements ImportStore {
  constructor(
    context: SqlStoreContext,
    private readonly articles: SqlArticleStore,
  ) {
    super(context);
  }

  async openJob(job: NewImportJob, now: string): Promise<ImportJob> {
    const unfinished = await this.db
      .selectFrom('importacoes')
      .select(JOB_COLUMNS)
      .where('sha256', '=', job.sha256)
      .where('estado', '=', 'em-andamento')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (unfinished) return unfinished;
    return this.db
      .insertInto('importacoes')
      .values({ ...job, estado: 'em-andamento', criada_em: now, atualizada_em: now })
      .returning(JOB_COLUMNS)
      .executeTakeFirstOrThrow();
  }

  async job(id: number): Promise<ImportJob | null> {
    return (await this.db.selectFrom('importacoes').select(JOB_COLUMNS).where('id', '=', id).executeTakeFirst()) ?? null;
  }

  recentJobs(limit: number): Promise<ImportJob[]> {
    return this.db.selectFrom('importacoes').select(JOB_COLUMNS).orderBy('id', 'desc').limit(limit).execute();
  }

  async progress(id: number, counts: { feitos: number; recusados: number }, done: boolean, now: string): Promise<void> {
    await this.db
      .updateTable('importacoes')
      .set((eb) => ({
        ...counts,
        // Counted from the sources the job recorded: exact even for a job resumed after an interruption.
        criados: eb.selectFrom('importacao_origens').select((inner) => inner.fn.countAll<number>().as('n')).where('id_importacao', '=', id),
        atualizada_em: now,
        ...(done ? { estado: 'concluida' as const } : {}),
      }))
      .where('id', '=', id)
      .execute();
  }

  async imported(fonte: string, ids: string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
      const rows = await this.db
        .selectFrom('importacao_origens')
        .select(['id_origem', 'id_artigo'])
        .where('fonte', '=', fonte)
        .where('id_origem', 'in', ids.slice(start, start + IDS_PER_QUERY))
        .execute();
      for (const row of rows) found.set(row.id_origem, row.id_artigo);
    }
    return found;
  }

  async createArticle(article: NewArticle, source: ImportSource, id_importacao: number, contentFor: (id: number) => string): Promise<{ id: number; created: boolean }> {
    const now = new Date().toISOString();
    try {
      const { id, reach } = await this.db.transaction().execute(async (trx) => {
        const created = await this.articles.insertArticle(trx, article, now, contentFor);
        // A second instance importing the same item waits on the key here, then finds it taken.
        const recorded = await trx
          .insertInto('importacao_origens')
          .values({ ...source, id_artigo: created.id, id_importacao })
          .onConflict((conflict) => conflict.columns(['fonte', 'id_origem']).doNothing())
          .returning('id_artigo')
          .executeTakeFirst();
        if (!recorded) throw new AlreadyImported();
        return created;
      });
      this.events.emit({ type: 'article-created', id, reach });
      return { id, created: true };
    } catch (error) {
      if (!(error instanceof AlreadyImported)) throw error;
      const existing = await this.imported(source.fonte, [source.id_origem]);
      return { id: existing.get(source.id_origem)!, created: false };
    }
  }

  publicByWordPressId(wp_id: number): Promise<ImportedArticle | null> {
    return this.publicBy('wp_id', wp_id);
  }

  publicByOldPath(caminho: string): Promise<ImportedArticle | null> {
    return this.publicBy('caminho_antigo', caminho);
  }

  private async publicBy(column: 'wp_id' | 'caminho_antigo', value: number | string): Promise<ImportedArticle | null> {
    const row = await this.db
      .selectFrom('importacao_origens')
      .innerJoin('artigos', 'artigos.id', 'importacao_origens.id_artigo')
      .select(['artigos.id', 'artigos.titulo_url', 'artigos.data_publicacao'])
      .where(`importacao_origens.${column}`, '=', value)
      .where('artigos.status', '=', 'publicado')
      .orderBy('importacao_origens.id_importacao')
      .executeTakeFirst();
    return row ?? null;
  }
}

/** Rolls back an article whose source another import recorded first. */
class AlreadyImported extends Error {}
