import { publicReach } from './article-workflow.js';
import type { ArticleWrites } from './article-writes.js';
import type { Correction, CorrectionStore, NewCorrection } from './correction-store.js';
import { ArticleNotFoundError } from './repository.js';
import { SqlStore, type SqlStoreContext } from './sql-store.js';

/** Corrections and the update date they move commit together; the article's pages hear of it after. */
export class SqlCorrectionStore extends SqlStore implements CorrectionStore {
  constructor(
    context: SqlStoreContext,
    private readonly writes: ArticleWrites,
  ) {
    super(context);
  }

  async add(id_artigo: number, correction: NewCorrection, now: string): Promise<Correction | null> {
    let saved;
    try {
      saved = await this.db.transaction().execute(async (trx) => {
        const current = await this.writes.lockArticle(trx, id_artigo);
        if (current.status !== 'publicado') return null;
        const { id } = await trx
          .insertInto('artigo_correcoes')
          .values({ id_artigo, texto: correction.texto, data: now, id_pessoa: correction.id_pessoa, autor: correction.autor })
          .returning('id')
          .executeTakeFirstOrThrow();
        await this.writes.touchArticle(trx, id_artigo, now);
        const reach = publicReach(current, { ...current, data_atualizacao: now }, now);
        await this.dialect.announce(trx, { type: 'article-changed', id: id_artigo, reach });
        return { correction: { id, texto: correction.texto, data: now }, reach };
      });
    } catch (error) {
      if (error instanceof ArticleNotFoundError) return null;
      throw error;
    }
    if (!saved) return null;
    this.events.emit({ type: 'article-changed', id: id_artigo, reach: saved.reach });
    return saved.correction;
  }

  async list(id_artigo: number): Promise<Correction[]> {
    return this.db.selectFrom('artigo_correcoes').select(['id', 'texto', 'data']).where('id_artigo', '=', id_artigo).orderBy('data', 'desc').orderBy('id', 'desc').execute();
  }
}
