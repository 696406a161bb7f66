import { sql } from 'kysely';
import type { PublicArticleStore, ArticleSummary, RelatedCandidate } from './public-article-store.js';
import { ARTICLE_COLUMNS, toArticle } from './article-rows.js';
import { publicAt } from './article-workflow.js';
import { countPublic, publicTotal } from './public-total.js';
import type { Article, Page } from './repository.js';
import { SqlStore } from './sql-store.js';
import { linkPublicAt, publicCount } from './sql-topic-store.js';
import { yieldToEventLoop } from './yield-to-event-loop.js';

/** Newest public articles read from each topic of an article when choosing its related reading. */
const RELATED_PER_TOPIC = 50;

export class SqlPublicArticleStore extends SqlStore implements PublicArticleStore {
  /**
   * One statement, so the page and its total are one snapshot on both databases. The page's ids come
   * from the index of public articles (migration 5), and only its own rows are read: OFFSET on the rows
   * themselves would read every article before a deep page, bodies and all.
   */
  async latest(pageIndex: number, pageSize: number): Promise<Page<Article>> {
    const now = new Date().toISOString();
    const { rows } = await this.db.executeQuery(
      this.reads.of('latest', [now, pageSize, (pageIndex - 1) * pageSize], ([now, limit, offset]) =>
        this.db
          .selectFrom('artigos')
          .select(ARTICLE_COLUMNS)
          .select(publicTotal(this.db, now).as('total'))
          .where('id', 'in', (eb) =>
            eb.selectFrom('artigos').select('id').where(publicAt(now)).orderBy('data_publicacao', 'desc').orderBy('id', 'desc').limit(limit).offset(offset),
          )
          .orderBy('data_publicacao', 'desc')
          .orderBy('id', 'desc'),
      ),
    );
    const total = rows[0]?.total ?? (await countPublic(this.db, now));
    return { items: rows.map(({ total: _total, ...row }) => toArticle(row)), total };
  }

  async publicByAuthor(id_pessoa: number, pageIndex: number, pageSize: number): Promise<Page<Article>> {
    const now = new Date().toISOString();
    const signed = this.db
      .selectFrom('artigos')
      .where(publicAt(now))
      .where('id', 'in', (eb) => eb.selectFrom('artigo_autores').select('id_artigo').where('id_pessoa', '=', id_pessoa));
    const [rows, count] = await Promise.all([
      signed
        .select(ARTICLE_COLUMNS)
        .orderBy('data_publicacao', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((pageIndex - 1) * pageSize)
        .execute(),
      signed.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toArticle), total: Number(count.total) };
  }

  async publicByReviewer(id_pessoa: number, pageIndex: number, pageSize: number): Promise<Page<Article>> {
    const reviewed = this.reviewedBy(id_pessoa, new Date().toISOString());
    const [rows, count] = await Promise.all([
      reviewed.select(ARTICLE_COLUMNS).orderBy('data_publicacao', 'desc').orderBy('id', 'desc').limit(pageSize).offset((pageIndex - 1) * pageSize).execute(),
      reviewed.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toArticle), total: Number(count.total) };
  }

  /** The public clinical articles whose shown review this person approved. */
  private reviewedBy(id_pessoa: number, now: string) {
    // The expression of the index artigos_por_revisor (migrations 47 and 45), written alike so the index serves it.
    const reviewer =
      this.dialect.kind === 'sqlite'
        ? sql<boolean>`json_extract(revisao_medica, '$.id_pessoa') = ${id_pessoa}`
        : sql<boolean>`((revisao_medica::jsonb) ->> 'id_pessoa') = ${String(id_pessoa)}`;
    return this.db.selectFrom('artigos').where('revisao_medica', 'is not', null).where(reviewer).where('clinico', '=', 1).where(publicAt(now));
  }

  /**
   * Everyone with an author page that lists something: what they sign or what they reviewed. One query
   * per person and list, yielding between them: read in one go, the maximum over every signed public
   * article held the event loop for 70 ms on SQLite at 100,000 articles (as publicTopics did).
   */
  async publicAuthors(): Promise<{ slug: string; lastChange: string }[]> {
    const now = new Date().toISOString();
    const people = await this.db.selectFrom('perfis').select(['id_pessoa', 'slug']).orderBy('slug').execute();
    const dated: { slug: string; lastChange: string }[] = [];
    for (const { id_pessoa, slug } of people) {
      const { lastChange } = await this.db
        .selectFrom('artigo_autores')
        .innerJoin('artigos', 'artigos.id', 'artigo_autores.id_artigo')
        .where('artigo_autores.id_pessoa', '=', id_pessoa)
        .where(publicAt(now))
        .select((eb) => eb.fn.max('artigos.data_atualizacao').as('lastChange'))
        .executeTakeFirstOrThrow();
      const reviewed = await this.reviewedBy(id_pessoa, now)
        .select((eb) => eb.fn.max('artigos.data_atualizacao').as('lastChange'))
        .executeTakeFirstOrThrow();
      const latest = [lastChange, reviewed.lastChange].filter((value) => value !== null).map(String).sort().at(-1);
      if (latest !== undefined) dated.push({ slug, lastChange: latest });
      await yieldToEventLoop();
    }
    return dated;
  }

  /** The page's ids from the topic's index (migration 18), in the list's order; then only their rows are read. */
  async publicByTopic(id_tema: number, pageIndex: number, pageSize: number): Promise<Page<Article>> {
    const now = new Date().toISOString();
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('artigos')
        .select(ARTICLE_COLUMNS)
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('artigo_temas')
            .select('artigo_temas.id_artigo')
            .where('artigo_temas.id_tema', '=', id_tema)
            .where(linkPublicAt(now))
            .orderBy('artigo_temas.data_publicacao', 'desc')
            .orderBy('artigo_temas.id_artigo', 'desc')
            .limit(pageSize)
            .offset((pageIndex - 1) * pageSize),
        )
        .orderBy('data_publicacao', 'desc')
        .orderBy('id', 'desc')
        .execute(),
      this.db
        .selectFrom('temas')
        .select((eb) => publicCount(now)(eb).as('total'))
        .where('id', '=', id_tema)
        .executeTakeFirst(),
    ]);
    return { items: rows.map(toArticle), total: Number(count?.total ?? 0) };
  }

  /** One query per topic, yielding between them (see publicAuthors). */
  async publicTopics(): Promise<{ slug: string; lastChange: string }[]> {
    const now = new Date().toISOString();
    const topics = await this.db.selectFrom('temas').select(['id', 'slug']).orderBy('slug').execute();
    const dated: { slug: string; lastChange: string }[] = [];
    for (const { id, slug } of topics) {
      const { lastChange } = await this.db
        .selectFrom('artigo_temas')
        .innerJoin('artigos', 'artigos.id', 'artigo_temas.id_artigo')
        .where('artigo_temas.id_tema', '=', id)
        .where(linkPublicAt(now))
        .select((eb) => eb.fn.max('artigos.data_atualizacao').as('lastChange'))
        .executeTakeFirstOrThrow();
      if (lastChange !== null) dated.push({ slug, lastChange: String(lastChange) });
      await yieldToEventLoop();
    }
    return dated;
  }

  /**
   * Each of the article's topics gives its newest public articles from the topic's index; those in
   * more of them come first. Only the chosen few rows are read whole.
   */
  async relatedCandidates(id: number, limit: number): Promise<RelatedCandidate[]> {
    const now = new Date().toISOString();
    const own = await this.db.selectFrom('artigo_temas').select('id_tema').where('id_artigo', '=', id).execute();
    const lists = await Promise.all(
      own.map(({ id_tema }) =>
        this.db
          .selectFrom('artigo_temas')
          .select(['artigo_temas.id_artigo as id', 'artigo_temas.data_publicacao'])
          .where('artigo_temas.id_tema', '=', id_tema)
          .where(linkPublicAt(now))
          .where('artigo_temas.id_artigo', '!=', id)
          .orderBy('artigo_temas.data_publicacao', 'desc')
          .orderBy('artigo_temas.id_artigo', 'desc')
          .limit(RELATED_PER_TOPIC)
          .execute(),
      ),
    );
    const found = new Map<number, { shared: number; data_publicacao: string }>();
    for (const row of lists.flat()) found.set(row.id, { shared: (found.get(row.id)?.shared ?? 0) + 1, data_publicacao: row.data_publicacao });
    if (found.size < limit) {
      const newest = await this.summaries({ offset: 0 }, limit + found.size + 1);
      for (const row of newest) if (row.id !== id && !found.has(row.id) && found.size < limit) found.set(row.id, { shared: 0, data_publicacao: row.data_publicacao });
    }
    const chosen = [...found]
      .sort(([idA, a], [idB, b]) => b.shared - a.shared || b.data_publicacao.localeCompare(a.data_publicacao) || idB - idA)
      .slice(0, limit);
    if (chosen.length === 0) return [];
    // Not the bodies: two dozen of them cost more than the rest of the page's reads (0.4 ms).
    const rows = await this.db
      .selectFrom('artigos')
      .select(['id', 'titulo', 'titulo_url', 'descricao', 'data_publicacao'])
      .where('id', 'in', chosen.map(([id]) => id))
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return chosen.flatMap(([id, { shared }]) => {
      const article = byId.get(id);
      return article ? [{ article, shared }] : [];
    });
  }

  async summaries(start: { offset: number } | { after: ArticleSummary }, limit: number): Promise<ArticleSummary[]> {
    const now = new Date().toISOString();
    const columns = ['id', 'titulo_url', 'data_publicacao', 'data_atualizacao'] as const;
    const query =
      'offset' in start
        ? this.reads.of('summariesFrom', [now, limit, start.offset], ([now, limit, offset]) =>
            this.db.selectFrom('artigos').select(columns).where(publicAt(now)).orderBy('data_publicacao', 'desc').orderBy('id', 'desc').limit(limit).offset(offset),
          )
        : this.reads.of('summariesAfter', [now, start.after.data_publicacao, start.after.id, limit], ([now, date, id, limit]) =>
            this.db
              .selectFrom('artigos')
              .select(columns)
              .where(publicAt(now))
              // The bound alone is what either planner seeks the index to: with only the OR, SQLite read the
              // index from its start on every step (25 ms at the 90,000th article, holding the event loop).
              .where('data_publicacao', '<=', date)
              .where((eb) => eb.or([eb('data_publicacao', '<', date), eb.and([eb('data_publicacao', '=', date), eb('id', '<', id)])]))
              .orderBy('data_publicacao', 'desc')
              .orderBy('id', 'desc')
              .limit(limit),
          );
    return (await this.db.executeQuery(query)).rows;
  }

  async publicStats(): Promise<{ total: number; lastChange: string | null }> {
    const now = new Date().toISOString();
    const stats = await this.db
      .selectFrom('artigos')
      .select((eb) => [publicTotal(this.db, now).as('total'), eb.fn.max('data_atualizacao').as('lastChange')])
      .where(publicAt(now))
      .executeTakeFirstOrThrow();
    return { total: stats.total, lastChange: stats.lastChange ?? null };
  }
}
