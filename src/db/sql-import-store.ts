import type { Transaction } from 'kysely';
import type { ArticleOfImport, ImportedArticle, ImportedArticleEntry, ImportJob, ImportSource, ImportStore, NewImportJob } from './import-store.js';
import type { NewArticle } from './repository.js';
import type { Schema } from './schema.js';
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
    const [outcome] = await this.createArticles([{ article, source, contentFor }], id_importacao);
    return outcome!;
  }

  async createArticles(entries: ImportedArticleEntry[], id_importacao: number): Promise<{ id: number; created: boolean }[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.writeBatch(entries, id_importacao);
      } catch (error) {
        // Another instance recorded one of these sources first: the next attempt finds it and skips it.
        if (!(error instanceof AlreadyImported) || attempt >= MAX_BATCH_ATTEMPTS) throw error;
      }
    }
  }

  private async writeBatch(entries: ImportedArticleEntry[], id_importacao: number): Promise<{ id: number; created: boolean }[]> {
    const now = new Date().toISOString();
    const created: { id: number; reach: 'none' | 'placement' }[] = [];
    const outcomes = await this.db.transaction().execute(async (trx) => {
      created.length = 0;
      const known = await importedIn(trx, entries.map((entry) => entry.source));
      const results: { id: number; created: boolean }[] = [];
      // Sources are recorded in one order everywhere, so two instances' overlapping batches wait on each other, never deadlock.
      const order = entries.map((_entry, index) => index).sort((a, b) => compare(sourceKey(entries[a]!.source), sourceKey(entries[b]!.source)));
      for (const index of order) {
        const { article, source, contentFor } = entries[index]!;
        const existing = known.get(sourceKey(source));
        if (existing !== undefined) {
          results[index] = { id: existing, created: false };
          continue;
        }
        const inserted = await this.articles.insertArticle(trx, article, now, contentFor);
        // A second instance importing the same item waits on the key here, then finds it taken.
        const recorded = await trx
          .insertInto('importacao_origens')
          .values({ ...source, id_artigo: inserted.id, id_importacao })
          .onConflict((conflict) => conflict.columns(['fonte', 'id_origem']).doNothing())
          .returning('id_artigo')
          .executeTakeFirst();
        if (!recorded) throw new AlreadyImported();
        known.set(sourceKey(source), inserted.id);
        created.push(inserted);
        results[index] = { id: inserted.id, created: true };
      }
      return results;
    });
    for (const { id, reach } of created) this.events.emit({ type: 'article-created', id, reach });
    return outcomes;
  }

  articlesOf(id_importacao: number, limit: number): Promise<ArticleOfImport[]> {
    return this.db
      .selectFrom('importacao_origens')
      .innerJoin('artigos', 'artigos.id', 'importacao_origens.id_artigo')
      .select(['artigos.id', 'artigos.titulo', 'artigos.titulo_url', 'artigos.status', 'artigos.data_publicacao'])
      .where('importacao_origens.id_importacao', '=', id_importacao)
      .orderBy('artigos.id')
      .limit(limit)
      .execute();
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

/** Rolls back a batch with an article whose source another import recorded first. */
class AlreadyImported extends Error {}

/** A batch is written again at most this often: each attempt finds the sources recorded meanwhile. */
const MAX_BATCH_ATTEMPTS = 5;

const sourceKey = (source: Pick<ImportSource, 'fonte' | 'id_origem'>) => `${source.fonte}\n${source.id_origem}`;
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The articles already imported from these sources, read inside the batch's transaction. */
async function importedIn(trx: Transaction<Schema>, sources: ImportSource[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const fonte of new Set(sources.map((source) => source.fonte))) {
    const ids = sources.filter((source) => source.fonte === fonte).map((source) => source.id_origem);
    for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
      const rows = await trx
        .selectFrom('importacao_origens')
        .select(['id_origem', 'id_artigo'])
        .where('fonte', '=', fonte)
        .where('id_origem', 'in', ids.slice(start, start + IDS_PER_QUERY))
        .execute();
      for (const row of rows) found.set(sourceKey({ fonte, id_origem: row.id_origem }), row.id_artigo);
    }
  }
  return found;
}
