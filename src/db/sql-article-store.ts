import { sql, type Transaction } from 'kysely';
import { prefixTerms } from '../lib/search-text.js';
import type { ArticleStore, EditorListItem, EditorListQuery, ReviewDecisions } from './article-store.js';
import { ARTICLE_COLUMNS, credits, flag, toArticle } from './article-rows.js';
import { applyChange, likePattern, newArticleRow, presenceReach, publicReach, snapshotOf, workingCopy } from './article-workflow.js';
import type { ArticleWrites } from './article-writes.js';
import { VersionConflictError, type ArticleChange, type NewArticle, type Page, type StoredArticle } from './repository.js';
import { packSnapshot } from './revision-snapshots.js';
import type { Schema } from './schema.js';
import { SqlStore, type SqlStoreContext } from './sql-store.js';
import { assignImportedTopics, assignTopics, topicNames, topicsOf } from './sql-topic-store.js';

/** Rows of one INSERT when importing: 17 parameters each stay far below either database's limit. */
const ROWS_PER_INSERT = 200;
/** Matches of the editors' list that are cheaper to read and sort than to find walking the list's order. */
const FEW_MATCHES = 2_000;
/** The fields the search index holds (migration 19). */
const TEXT_FIELDS = ['titulo', 'descricao', 'conteudo'] as const;

/**
 * A write and its revision commit together, and the other instances hear of it only if it commits; this
 * instance's subscribers hear of it right after. The review's decisions run inside the transaction.
 */
export class SqlArticleStore extends SqlStore implements ArticleStore {
  constructor(
    context: SqlStoreContext,
    private readonly writes: ArticleWrites,
    private readonly review: ReviewDecisions,
  ) {
    super(context);
  }

  nextId(): Promise<number> {
    return this.dialect.nextArticleId();
  }

  async create(article: NewArticle): Promise<number> {
    const now = new Date().toISOString();
    const { id, reach } = await this.db.transaction().execute((trx) => this.insertArticle(trx, article, now));
    this.events.emit({ type: 'article-created', id, reach });
    return id;
  }

  /**
   * create()'s writes inside the caller's transaction (the import records the article's source with it);
   * `contentFor` gives the body once the id is known (imported images live under the article's id). The
   * caller emits the event once the transaction commits.
   */
  async insertArticle(trx: Transaction<Schema>, article: NewArticle, now: string, contentFor?: (id: number) => string): Promise<{ id: number; reach: 'none' | 'placement' }> {
    const row = newArticleRow(article, now);
    const reach = presenceReach(row, now);
    const { id } = await trx
      .insertInto('artigos')
      .values({ ...row, ja_publicado: flag(row.ja_publicado), ...credits(row), aguardando_revisao: flag(this.review.needsReview(row)) })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (contentFor) {
      row.conteudo = contentFor(id);
      await trx.updateTable('artigos').set({ conteudo: row.conteudo }).where('id', '=', id).execute();
    }
    await this.dialect.indexArticles(trx, [{ ...row, id }]);
    if (article.temas?.length) await assignTopics(trx, { id, ...row }, article.temas);
    await this.writes.recordRevision(trx, id, 1, { autor: row.autor, id_pessoa: row.id_criador }, row.data_atualizacao, 'criado', snapshotOf(row));
    await this.writes.countPublished(trx, row.status === 'publicado' ? 1 : 0);
    await this.dialect.announce(trx, { type: 'article-created', id, reach });
    return { id, reach };
  }

  async importArticles(articles: NewArticle[]): Promise<number[]> {
    const now = new Date().toISOString();
    const rows = articles.map((article) => newArticleRow(article, now));
    const ids = await this.db.transaction().execute(async (trx) => {
      const ids: number[] = [];
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
        const batch = rows.slice(start, start + ROWS_PER_INSERT);
        const inserted = await trx
          .insertInto('artigos')
          .values(batch.map((row) => ({ ...row, ja_publicado: flag(row.ja_publicado), ...credits(row), aguardando_revisao: flag(this.review.needsReview(row)) })))
          .returning('id')
          .execute();
        // Ids are given in the order of the VALUES, but RETURNING promises no order on either database.
        const batchIds = inserted.map((row) => row.id).sort((a, b) => a - b);
        await this.dialect.indexArticles(
          trx,
          batch.map((row, index) => ({ ...row, id: batchIds[index]! })),
        );
        ids.push(...batchIds);
      }
      await assignImportedTopics(
        trx,
        rows.flatMap((row, index) => {
          const temas = articles[index]!.temas;
          return temas?.length ? [{ ...row, id: ids[index]!, temas }] : [];
        }),
      );
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
        const batchIds = ids.slice(start, start + ROWS_PER_INSERT);
        const topics = await topicsOf(trx, batchIds);
        const snapshots = await Promise.all(
          batchIds.map((id, index) => packSnapshot({ ...snapshotOf(rows[start + index]!), temas: topicNames(topics, id) })),
        );
        await trx
          .insertInto('artigo_revisoes')
          .values(
            batchIds.map((id, index) => ({
              id_artigo: id,
              versao: 1,
              autor: rows[start + index]!.autor,
              data: rows[start + index]!.data_atualizacao,
              acao: 'criado' as const,
              ...snapshots[index]!,
            })),
          )
          .execute();
      }
      await this.writes.countPublished(trx, rows.filter((row) => row.status === 'publicado').length);
      for (const [index, id] of ids.entries()) await this.dialect.announce(trx, { type: 'article-created', id, reach: presenceReach(rows[index]!, now) });
      return ids;
    });
    for (const [index, id] of ids.entries()) this.events.emit({ type: 'article-created', id, reach: presenceReach(rows[index]!, now) });
    await this.dialect.refreshStatistics();
    return ids;
  }

  async get(id: number): Promise<StoredArticle | null> {
    const { rows } = await this.db.executeQuery(
      this.reads.of('get', [id], ([id]) => this.db.selectFrom('artigos').select([...ARTICLE_COLUMNS, 'pendente']).where('id', '=', id)),
    );
    return rows[0] ? toArticle(rows[0]) : null;
  }

  async titles(ids: number[]): Promise<Pick<StoredArticle, 'id' | 'titulo' | 'titulo_url' | 'data_publicacao'>[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('artigos').select(['id', 'titulo', 'titulo_url', 'data_publicacao']).where('id', 'in', ids).execute();
  }

  async update(id: number, change: ArticleChange): Promise<StoredArticle> {
    const saved = await this.db.transaction().execute(async (trx) => {
      const current = await this.writes.lockArticle(trx, id);
      if (change.expectedVersion !== undefined && change.expectedVersion !== current.versao) {
        throw new VersionConflictError(id, current.versao);
      }
      const now = new Date().toISOString();
      const next = applyChange(workingCopy(current), change, now);
      const stored = this.review.storedUpdate(current, next, change);
      await this.writes.writeArticle(trx, stored);
      // The index holds the row's text: a clinical edit waiting for review is not found until approved.
      if (TEXT_FIELDS.some((field) => stored[field] !== current[field])) await this.dialect.indexArticles(trx, [stored]);
      // Other topics move the article between topic pages: as far as a change of its state reaches.
      const retopiced = change.content?.temas !== undefined && (await assignTopics(trx, next, change.content.temas));
      await this.writes.recordRevision(trx, id, next.versao, { autor: change.autor, id_pessoa: change.id_pessoa ?? null }, now, change.acao, snapshotOf(next));
      await this.writes.countPublished(trx, Number(stored.status === 'publicado') - Number(current.status === 'publicado'));
      if (change.acao === 'editado' && next.status !== 'publicado') await this.writes.thinAutosaves(trx, id);
      const reach = publicReach(current, stored, now, retopiced);
      await this.dialect.announce(trx, { type: 'article-changed', id, reach });
      // As get() reads it: a held version when there is one, no key otherwise.
      const { pendente: _held, ...working } = next;
      return { next: stored.pendente ? { ...working, pendente: stored.pendente } : working, reach };
    });
    this.events.emit({ type: 'article-changed', id, reach: saved.reach });
    return saved.next;
  }

  async approveReview(id: number, review: { id_pessoa: number; revisor: string; proxima_revisao: string; expectedVersion?: number }): Promise<StoredArticle> {
    const saved = await this.db.transaction().execute(async (trx) => {
      const current = await this.writes.lockArticle(trx, id);
      if (review.expectedVersion !== undefined && review.expectedVersion !== current.versao) {
        throw new VersionConflictError(id, current.versao);
      }
      const now = new Date().toISOString();
      const approved = this.review.approvedArticle(current, { id_pessoa: review.id_pessoa, revisor: review.revisor, proxima_revisao: review.proxima_revisao }, now);
      await this.writes.writeArticle(trx, approved);
      if (TEXT_FIELDS.some((field) => approved[field] !== current[field])) await this.dialect.indexArticles(trx, [approved]);
      const reach = publicReach(current, approved, now);
      await this.dialect.announce(trx, { type: 'article-changed', id, reach });
      return { approved, reach };
    });
    this.events.emit({ type: 'article-changed', id, reach: saved.reach });
    return saved.approved;
  }

  async remove(id: number): Promise<boolean> {
    const removed = await this.db.transaction().execute(async (trx) => {
      const row = await trx.deleteFrom('artigos').where('id', '=', id).returning(['ja_publicado', 'status', 'publicar_em']).executeTakeFirst();
      if (!row) return null;
      await this.writes.countPublished(trx, row.status === 'publicado' ? -1 : 0);
      if (row.ja_publicado) {
        await trx
          .insertInto('artigos_removidos')
          .values({ id, removido_em: new Date().toISOString() })
          .onConflict((conflict) => conflict.column('id').doUpdateSet((eb) => ({ removido_em: eb.ref('excluded.removido_em') })))
          .execute();
      }
      const reach = presenceReach(row, new Date().toISOString());
      await this.dialect.announce(trx, { type: 'article-removed', id, reach });
      return reach;
    });
    if (removed) this.events.emit({ type: 'article-removed', id, reach: removed });
    return removed !== null;
  }

  async wasRemoved(id: number): Promise<boolean> {
    const { rows } = await this.db.executeQuery(
      this.reads.of('wasRemoved', [id], ([id]) => this.db.selectFrom('artigos_removidos').select('id').where('id', '=', id)),
    );
    return rows.length > 0;
  }

  async list(query: EditorListQuery): Promise<Page<EditorListItem>> {
    let matching = this.db.selectFrom('artigos');
    if (query.status) matching = matching.where('status', '=', query.status);
    if (query.revisao) matching = matching.where('clinico', '=', 1).where('aguardando_revisao', '=', flag(query.revisao === 'aguardando'));
    const person = query.criadoOuAssinadoPor;
    if (person !== undefined) {
      matching = matching.where((eb) =>
        eb.or([eb('id_criador', '=', person), eb('id', 'in', eb.selectFrom('artigo_autores').select('artigo_autores.id_artigo').where('artigo_autores.id_pessoa', '=', person))]),
      );
    }
    const terms = await this.dialect.expandPrefixes(prefixTerms(query.busca ?? ''));
    let walking = matching;
    if (terms.length > 0) {
      matching = matching.where(this.dialect.searchMatch(terms, 'tudo'));
      walking = walking.where(this.dialect.rowMatches(terms, 'tudo'));
    }
    // A search without a word to look up ("%", "?", "de") matches titles as typed: the few who type one get a scan.
    else if (query.busca?.trim()) {
      const like = sql<boolean>`titulo LIKE ${likePattern(query.busca)} ESCAPE '\\'`;
      matching = matching.where(like);
      walking = walking.where(like);
    }
    // Without a filter on the articles, the search index counts its matches by itself, without them.
    const total =
      terms.length > 0 && !query.status && !query.revisao && person === undefined
        ? (await this.dialect.countMatches(terms, 'tudo')).matches
        : (await matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total;
    const offset = (query.pageIndex - 1) * query.pageSize;
    // The page's ids first, so that only its own rows are read. Few matches (a rare word) are read and
    // sorted; many (a common word, or no search) are found walking the order of last change, testing
    // each article on the way, which meets a page of them soon. A planner left to choose walked the
    // whole order for a rare word (PostgreSQL, 45 ms at 100,000 articles) or read thousands of rows for
    // a common one (SQLite, 48 ms); building the whole set of a common word's matches for the walk cost
    // as much again as counting them (SQLite, decision 021).
    const pageIds =
      total <= FEW_MATCHES
        ? this.db
            .with((cte) => cte('achados').materialized(), () => matching.select(['id', 'data_atualizacao']))
            .selectFrom('achados')
            .select('id')
            .orderBy('data_atualizacao', 'desc')
            .orderBy('id', 'desc')
            .limit(query.pageSize)
            .offset(offset)
        : walking.select('id').orderBy('data_atualizacao', 'desc').orderBy('id', 'desc').limit(query.pageSize).offset(offset);
    const rows = await this.db
      .selectFrom('artigos')
      .select(['id', 'titulo', 'titulo_url', 'status', 'autor', 'data_atualizacao', 'publicar_em', 'versao', 'clinico', 'aguardando_revisao'])
      .where('id', 'in', pageIds)
      .orderBy('data_atualizacao', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return { items: rows.map((row) => ({ ...row, clinico: Boolean(row.clinico), aguardando_revisao: Boolean(row.aguardando_revisao) })), total };
  }

  async count(): Promise<number> {
    const { total } = await this.db.selectFrom('artigos').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return total;
  }
}
