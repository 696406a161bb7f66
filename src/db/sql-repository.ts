import { sql, type Kysely, type Transaction } from 'kysely';
import type { Logger } from '../logger.js';
import type { ImageSet } from '../images/image-set.js';
import { CompiledShapes } from './compiled-shapes.js';
import { prefixTerms } from '../lib/search-text.js';
import { applyChange, likePattern, newArticleRow, presenceReach, publicAt, publicReach, snapshotOf, workingCopy } from './article-workflow.js';
// The review's rules are pure functions in one place, applied here inside the write's transaction.
import { approvedArticle, needsReview, storedUpdate } from '../workflow/medical-review.js';
import { imageEtag } from './image-etag.js';
import { toImageSets } from './image-set-rows.js';
import { migrate } from './migrate.js';
import {
  ArticleNotFoundError,
  ImageNameTakenError,
  VersionConflictError,
  type Article,
  type ArticleChange,
  type ArticleCredits,
  type ArticleReference,
  type MedicalReview,
  type PendingVersion,
  type ArticleStatus,
  type ArticleRepository,
  type ArticleSummary,
  type AuditLog,
  type PasskeyStore,
  type SignInAttemptStore,
  type PersonalKeyStore,
  type ProfileStore,
  type RelatedCandidate,
  type TopicStore,
  type PeopleStore,
  type EditorListItem,
  type EditorListQuery,
  type EncodedImageInput,
  type NewArticle,
  type NewImageSet,
  type Page,
  type RepositoryEvent,
  type Revision,
  type RevisionAction,
  type ArticleSnapshot,
  type RevisionSummary,
  type SearchQuery,
  type SessionStore,
  type StoredArticle,
  type StoredImage,
  type StoredImageInput,
} from './repository.js';
import { RepositoryEvents } from './repository-events.js';
import { expiredAutosaves } from './revision-retention.js';
import { packSnapshot, unpackSnapshot } from './revision-snapshots.js';
import type { ArticleTable, Schema, VariantTable } from './schema.js';
import { sqlSessions } from './sessions.js';
import { sqlAudit } from './sql-audit.js';
import { sqlPasskeys } from './sql-passkeys.js';
import { sqlSignInAttempts } from './sql-sign-in-attempts.js';
import { sqlPersonalKeys } from './sql-personal-keys.js';
import { createPendingProfiles, sqlProfiles } from './sql-profiles.js';
import { sqlPeople } from './sql-people.js';
import { assignImportedTopics, assignTopics, linkPublicAt, publicCount, sqlTopics, topicNames, topicsOf } from './sql-topics.js';
import type { SearchFields, SqlDialect } from './sql-dialect.js';

const ARTICLE_COLUMNS = [
  'id',
  'titulo',
  'titulo_url',
  'conteudo',
  'descricao',
  'keywords',
  'data_publicacao',
  'data_atualizacao',
  'autor',
  'imagem_nome',
  'imagem_caption',
  'imagem_alt',
  'imagem_width',
  'imagem_height',
  'status',
  'publicar_em',
  'versao',
  'ja_publicado',
  'id_criador',
  'id_ultimo_editor',
  'id_publicador',
  'autores',
  'clinico',
  'referencias',
  'revisao_medica',
] as const;

const PING_TIMEOUT_MS = 2_000;
/** Rows of one INSERT when importing: 17 parameters each stay far below either database's limit. */
const ROWS_PER_INSERT = 200;
/** Matches of the editors' list that are cheaper to read and sort than to find walking the list's order. */
const FEW_MATCHES = 2_000;
/** Largest INTEGER of PostgreSQL: ids beyond it cannot exist, and comparing with them would fail. */
const MAX_ID = 2_147_483_647;
/** Newest public articles read from each topic of an article when choosing its related reading. */
const RELATED_PER_TOPIC = 50;

/** The search's relevance groups, each holding the one before it: title, title and description, everything. */
const SEARCH_LEVELS: SearchFields[] = ['titulo', 'titulo_descricao', 'tudo'];
/** What reading a match's row costs, in entries of the index of public articles walked. */
const GATHER_COST = 10;

/** The fields the search index holds (migration 19). */
const TEXT_FIELDS = ['titulo', 'descricao', 'conteudo'] as const;

type ArticleRow = Omit<StoredArticle, 'ja_publicado' | keyof ArticleCredits | 'pendente'> &
  Pick<ArticleTable, 'ja_publicado' | 'autores' | 'clinico' | 'referencias' | 'revisao_medica'> & { pendente?: string | null };

const toArticle = ({ pendente, ...row }: ArticleRow): StoredArticle => ({
  ...row,
  ja_publicado: Boolean(row.ja_publicado),
  autores: JSON.parse(row.autores) as number[],
  clinico: Boolean(row.clinico),
  referencias: JSON.parse(row.referencias) as ArticleReference[],
  revisao_medica: row.revisao_medica ? (JSON.parse(row.revisao_medica) as MedicalReview) : null,
  // Only a version waiting for review adds the field: otherwise get() reads as the lists do.
  ...(pendente ? { pendente: JSON.parse(pendente) as PendingVersion } : {}),
});
/** Both databases take 1/0 for a flag (PostgreSQL reads '1' as true). */
const flag = (value: boolean) => (value ? 1 : 0);
/** The columns that store an article's flags and lists. */
const credits = (article: ArticleCredits) => ({
  autores: JSON.stringify(article.autores),
  clinico: flag(article.clinico),
  referencias: JSON.stringify(article.referencias),
  revisao_medica: article.revisao_medica ? JSON.stringify(article.revisao_medica) : null,
});
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The repository over either database: migrated, and hearing the other instances' changes. */
export async function openSqlRepository(dialect: SqlDialect, logger: Logger): Promise<ArticleRepository> {
  try {
    await migrate(dialect);
    await dialect.indexPending();
    await createPendingProfiles(dialect);
    const repo = new SqlRepository(dialect, logger);
    await dialect.listen((event) => repo.heard(event));
    return repo;
  } catch (error) {
    await dialect.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Every query written once, for both databases (decision 014). A write and its revision commit
 * together, and the other instances hear of it only if it commits; this instance's subscribers hear of
 * it right after.
 */
class SqlRepository implements ArticleRepository {
  readonly kind: 'sqlite' | 'postgres';
  readonly sessions: SessionStore;
  readonly people: PeopleStore;
  readonly audit: AuditLog;
  readonly passkeys: PasskeyStore;
  readonly personalKeys: PersonalKeyStore;
  readonly signInAttempts: SignInAttemptStore;
  readonly profiles: ProfileStore;
  readonly topics: TopicStore;
  private readonly db: Kysely<Schema>;
  private readonly events: RepositoryEvents;
  /** The reads every uncached page makes. */
  private readonly reads = new CompiledShapes();
  private closed = false;

  constructor(
    private readonly dialect: SqlDialect,
    logger: Logger,
  ) {
    this.kind = dialect.kind;
    this.db = dialect.db;
    this.events = new RepositoryEvents(logger);
    this.sessions = sqlSessions(dialect.db);
    this.people = sqlPeople(dialect);
    this.audit = sqlAudit(dialect.db);
    this.passkeys = sqlPasskeys(dialect.db);
    this.personalKeys = sqlPersonalKeys(dialect.db);
    this.signInAttempts = sqlSignInAttempts(dialect.db);
    this.profiles = sqlProfiles(dialect, (event) => this.events.emit(event));
    this.topics = sqlTopics(dialect, (event) => this.events.emit(event));
  }

  heard(event: RepositoryEvent): void {
    this.events.emit(event);
  }

  nextId(): Promise<number> {
    return this.dialect.nextArticleId();
  }

  async create(article: NewArticle): Promise<number> {
    const now = new Date().toISOString();
    const row = newArticleRow(article, now);
    const reach = presenceReach(row, now);
    const id = await this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('artigos')
        .values({ ...row, ja_publicado: flag(row.ja_publicado), ...credits(row), aguardando_revisao: flag(needsReview(row)) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.dialect.indexArticles(trx, [{ ...row, id }]);
      if (article.temas?.length) await assignTopics(trx, { id, ...row }, article.temas);
      await this.recordRevision(trx, id, 1, { autor: row.autor, id_pessoa: row.id_criador }, row.data_atualizacao, 'criado', snapshotOf(row));
      await this.countPublished(trx, row.status === 'publicado' ? 1 : 0);
      await this.dialect.announce(trx, { type: 'article-created', id, reach });
      return id;
    });
    this.events.emit({ type: 'article-created', id, reach });
    return id;
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
          .values(batch.map((row) => ({ ...row, ja_publicado: flag(row.ja_publicado), ...credits(row), aguardando_revisao: flag(needsReview(row)) })))
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
      await this.countPublished(trx, rows.filter((row) => row.status === 'publicado').length);
      for (const [index, id] of ids.entries()) await this.dialect.announce(trx, { type: 'article-created', id, reach: presenceReach(rows[index]!, now) });
      return ids;
    });
    for (const [index, id] of ids.entries()) this.events.emit({ type: 'article-created', id, reach: presenceReach(rows[index]!, now) });
    await this.dialect.refreshStatistics();
    return ids;
  }

  async compactSearchIndex(): Promise<void> {
    await this.dialect.compactSearchIndex();
  }

  async get(id: number): Promise<StoredArticle | null> {
    const { rows } = await this.db.executeQuery(
      this.reads.of('get', [id], ([id]) => this.db.selectFrom('artigos').select([...ARTICLE_COLUMNS, 'pendente']).where('id', '=', id)),
    );
    return rows[0] ? toArticle(rows[0]) : null;
  }

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
          .select(this.publicTotal(now).as('total'))
          .where('id', 'in', (eb) =>
            eb.selectFrom('artigos').select('id').where(publicAt(now)).orderBy('data_publicacao', 'desc').orderBy('id', 'desc').limit(limit).offset(offset),
          )
          .orderBy('data_publicacao', 'desc')
          .orderBy('id', 'desc'),
      ),
    );
    const total = rows[0]?.total ?? (await this.countPublic(now));
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

  /**
   * One query per person, yielding between them: read in one go, the maximum over every signed public
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
      if (lastChange !== null) dated.push({ slug, lastChange: String(lastChange) });
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
      .select((eb) => [this.publicTotal(now).as('total'), eb.fn.max('data_atualizacao').as('lastChange')])
      .where(publicAt(now))
      .executeTakeFirstOrThrow();
    return { total: stats.total, lastChange: stats.lastChange ?? null };
  }

  async update(id: number, change: ArticleChange): Promise<StoredArticle> {
    const saved = await this.db.transaction().execute(async (trx) => {
      const current = await this.lockArticle(trx, id);
      if (change.expectedVersion !== undefined && change.expectedVersion !== current.versao) {
        throw new VersionConflictError(id, current.versao);
      }
      const now = new Date().toISOString();
      const next = applyChange(workingCopy(current), change, now);
      const stored = storedUpdate(current, next, change);
      await this.writeArticle(trx, stored);
      // The index holds the row's text: a clinical edit waiting for review is not found until approved.
      if (TEXT_FIELDS.some((field) => stored[field] !== current[field])) await this.dialect.indexArticles(trx, [stored]);
      // Other topics move the article between topic pages: as far as a change of its state reaches.
      const retopiced = change.content?.temas !== undefined && (await assignTopics(trx, next, change.content.temas));
      await this.recordRevision(trx, id, next.versao, { autor: change.autor, id_pessoa: change.id_pessoa ?? null }, now, change.acao, snapshotOf(next));
      await this.countPublished(trx, Number(stored.status === 'publicado') - Number(current.status === 'publicado'));
      if (change.acao === 'editado' && next.status !== 'publicado') await this.thinAutosaves(trx, id);
      const reach = publicReach(current, stored, now, retopiced);
      await this.dialect.announce(trx, { type: 'article-changed', id, reach });
      // As get() reads it: a held version when there is one, no key otherwise.
      const { pendente: _held, ...working } = next;
      return { next: stored.pendente ? { ...working, pendente: stored.pendente } : working, reach };
    });
    this.events.emit({ type: 'article-changed', id, reach: saved.reach });
    return saved.next;
  }

  async approveReview(id: number, review: { id_pessoa: number; revisor: string; expectedVersion?: number }): Promise<StoredArticle> {
    const saved = await this.db.transaction().execute(async (trx) => {
      const current = await this.lockArticle(trx, id);
      if (review.expectedVersion !== undefined && review.expectedVersion !== current.versao) {
        throw new VersionConflictError(id, current.versao);
      }
      const now = new Date().toISOString();
      const approved = approvedArticle(current, { id_pessoa: review.id_pessoa, revisor: review.revisor }, now);
      await this.writeArticle(trx, approved);
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
      await this.countPublished(trx, row.status === 'publicado' ? -1 : 0);
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
        ? await this.dialect.countMatches(terms, 'tudo')
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

  /**
   * Relevance is a group, the same on both databases: every term in the title, else in the title and
   * description, else anywhere (the body too); newest first within a group. Each group is counted in
   * the search index alone, less its matches that are not public (few, found by their own index), and
   * only the groups the page reaches are read: a group cheaper to walk than to gather (a common word) is
   * found walking the public articles newest first, testing each in the index, which meets a page of
   * matches soon; a smaller one is gathered from the index and sorted. Sorting every match of a common
   * word read each one's row, past its body (616 ms on SQLite, 1.5 s on PostgreSQL at 100,000 articles).
   */
  async search(query: SearchQuery): Promise<Page<Article>> {
    const now = new Date().toISOString();
    const { terms } = query;
    const hidden = await this.hiddenMatches(terms, now);
    // Each level is counted when first needed. The title's count places the page in or past the first
    // group and the total (everything) is always shown: both at once. The title and description only for
    // a page past the first group (a common word's first pages are all in it).
    const last = SEARCH_LEVELS.length - 1;
    const inIndex: Array<number | undefined> = [];
    [inIndex[0], inIndex[last]] = await Promise.all([0, last].map((level) => this.dialect.countMatches(terms, SEARCH_LEVELS[level]!)));
    const publicUpTo = async (level: number) => {
      inIndex[level] ??= await this.dialect.countMatches(terms, SEARCH_LEVELS[level]!);
      return inIndex[level] - hidden[level]!;
    };
    const total = await publicUpTo(last);
    const ids: number[] = [];
    let publicArticles: number | undefined;
    let skip = (query.pageIndex - 1) * query.pageSize;
    let before = 0;
    for (const [level, fields] of SEARCH_LEVELS.entries()) {
      const wanted = query.pageSize - ids.length;
      if (wanted === 0) break;
      const upTo = await publicUpTo(level);
      const group = { fields, except: SEARCH_LEVELS[level - 1], count: upTo - before };
      before = upTo;
      if (skip >= group.count) {
        skip -= group.count;
        continue;
      }
      const take = Math.min(wanted, group.count - skip);
      // Walking meets one of the group's matches in every (public articles / count) and reads only the
      // index of public articles; gathering reads the row of every match, past its body.
      publicArticles ??= await this.countPublic(now);
      const walked = ((skip + take) * publicArticles) / group.count;
      const walk = walked < group.count * GATHER_COST;
      const inGroup = this.db
        .selectFrom('artigos')
        .where(publicAt(now))
        .where(
          walk
            ? this.dialect.rowMatches(terms, group.fields, group.except, { rows: walked, matches: inIndex[level]! })
            : this.dialect.searchMatch(terms, group.fields, group.except),
        );
      const page = walk
        ? inGroup.select('id').orderBy('data_publicacao', 'desc').orderBy('id', 'desc').limit(take).offset(skip)
        : this.db
            .with((cte) => cte('achados').materialized(), () => inGroup.select(['id', 'data_publicacao']))
            .selectFrom('achados')
            .select('id')
            .orderBy('data_publicacao', 'desc')
            .orderBy('id', 'desc')
            .limit(take)
            .offset(skip);
      ids.push(...(await page.execute()).map((row) => row.id));
      skip = 0;
    }
    if (ids.length === 0) return { items: [], total };
    const rows = await this.db.selectFrom('artigos').select(ARTICLE_COLUMNS).where('id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id, toArticle(row)]));
    return { items: ids.flatMap((id) => byId.get(id) ?? []), total };
  }

  /** Matches of the search at each level (SEARCH_LEVELS) among the articles not public at `now`. */
  private async hiddenMatches(terms: string[], now: string): Promise<number[]> {
    const row = await this.db
      .selectFrom('artigos')
      // The very condition of the partial index of migration 22: the planner uses it only when it sees it.
      .where('status', '<>', 'publicado')
      .where((eb) => eb.not(publicAt(now)(eb)))
      .select(SEARCH_LEVELS.map((fields, level) => sql<number | null>`sum(CASE WHEN ${this.dialect.rowMatches(terms, fields)} THEN 1 ELSE 0 END)`.as(`nivel${level}`)))
      .executeTakeFirstOrThrow();
    return SEARCH_LEVELS.map((_fields, level) => Number((row as Record<string, number | string | null>)[`nivel${level}`] ?? 0));
  }

  async revisions(id: number): Promise<RevisionSummary[]> {
    return this.db
      .selectFrom('artigo_revisoes')
      .select(['versao', 'autor', 'id_pessoa', 'data', 'acao', this.dialect.jsonText('instantaneo', 'titulo').as('titulo')])
      .where('id_artigo', '=', id)
      .orderBy('versao', 'desc')
      .execute();
  }

  async revision(id: number, versao: number): Promise<Revision | null> {
    const row = await this.db
      .selectFrom('artigo_revisoes')
      .select(['versao', 'autor', 'id_pessoa', 'data', 'acao', 'instantaneo', 'conteudo_gz'])
      .where('id_artigo', '=', id)
      .where('versao', '=', versao)
      .executeTakeFirst();
    if (!row) return null;
    const { instantaneo, conteudo_gz, ...summary } = row;
    const snapshot = await unpackSnapshot(instantaneo, conteudo_gz);
    return { ...summary, titulo: snapshot.titulo, snapshot };
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
      await this.countPublished(trx, rows.length);
      for (const article of rows.map(toArticle)) {
        const last = await trx
          .selectFrom('artigo_revisoes')
          .select(['autor', 'id_pessoa'])
          .where('id_artigo', '=', article.id)
          .orderBy('versao', 'desc')
          .limit(1)
          .executeTakeFirst();
        await this.recordRevision(trx, article.id, article.versao, last ?? { autor: article.autor, id_pessoa: null }, now, 'publicado', snapshotOf(article));
        await this.dialect.announce(trx, { type: 'article-changed', id: article.id, reach: 'placement' });
      }
      return rows.map((row) => row.id);
    });
    for (const id of published) this.events.emit({ type: 'article-changed', id, reach: 'placement' });
    return published;
  }

  async saveImage(image: StoredImageInput): Promise<{ id: number; nome: string }> {
    const updatedAt = new Date().toISOString();
    const id = await this.db.transaction().execute(async (trx) => {
      await this.touchArticle(trx, image.id_artigo, updatedAt);
      const saved = await trx
        .insertInto('artigo_imagens')
        .values({ ...image, etag: imageEtag(image.bytes), updated_at: updatedAt })
        .onConflict((conflict) =>
          conflict.columns(['id_artigo', 'nome']).doUpdateSet((eb) => ({
            content_type: eb.ref('excluded.content_type'),
            bytes: eb.ref('excluded.bytes'),
            etag: eb.ref('excluded.etag'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.dialect.announce(trx, { type: 'image-saved', id_artigo: image.id_artigo, nome: image.nome });
      return saved.id;
    });
    this.events.emit({ type: 'image-saved', id_artigo: image.id_artigo, nome: image.nome });
    return { id, nome: image.nome };
  }

  async getImage(id_artigo: number, nome: string): Promise<StoredImage | null> {
    const { rows } = await this.db.executeQuery(
      this.reads.of('getImage', [id_artigo, nome], ([id_artigo, nome]) =>
        this.db
          .selectFrom('artigo_imagens')
          .select(['id', 'id_artigo', 'nome', 'content_type', 'bytes', 'etag', 'updated_at'])
          .where('id_artigo', '=', id_artigo)
          .where('nome', '=', nome),
      ),
    );
    return rows[0] ?? null;
  }

  /**
   * One transaction, so that a crash at any point leaves nothing behind. It yields to the event loop
   * between files: other requests go on (the embedded database's reads wait for the commit, tens of
   * milliseconds for a photo's set).
   */
  async saveImageSet(set: NewImageSet): Promise<{ id: number; nome: string }> {
    const now = new Date().toISOString();
    const id = await this.db.transaction().execute(async (trx) => {
      await this.touchArticle(trx, set.id_artigo, now);
      const master = await trx
        .insertInto('artigo_imagens')
        .values({
          id_artigo: set.id_artigo,
          nome: set.nome,
          content_type: set.master.content_type,
          bytes: set.master.bytes,
          etag: imageEtag(set.master.bytes),
          updated_at: now,
          width: set.master.width,
          height: set.master.height,
          has_alpha: flag(set.master.hasAlpha),
          animated: flag(set.master.animated),
        })
        .onConflict((conflict) => conflict.columns(['id_artigo', 'nome']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!master) throw new ImageNameTakenError(set.id_artigo, set.nome);
      const insert = async (file: EncodedImageInput, papel: VariantTable['papel']) => {
        await yieldToEventLoop();
        await trx
          .insertInto('artigo_imagem_variantes')
          .values({
            id_imagem: master.id,
            id_artigo: set.id_artigo,
            arquivo: file.arquivo,
            papel,
            formato: file.format,
            content_type: file.content_type,
            width: file.width,
            height: file.height,
            tamanho: file.bytes.length,
            bytes: file.bytes,
            etag: imageEtag(file.bytes),
            created_at: now,
          })
          .execute();
      };
      for (const variant of set.variants) await insert(variant, 'responsiva');
      await insert(set.social, 'social');
      await this.dialect.announce(trx, { type: 'image-saved', id_artigo: set.id_artigo, nome: set.nome });
      return master.id;
    });
    this.events.emit({ type: 'image-saved', id_artigo: set.id_artigo, nome: set.nome });
    return { id, nome: set.nome };
  }

  async getImageVariant(id_artigo: number, arquivo: string): Promise<StoredImage | null> {
    const { rows } = await this.db.executeQuery(
      this.reads.of('getImageVariant', [id_artigo, arquivo], ([id_artigo, arquivo]) =>
        this.db
          .selectFrom('artigo_imagem_variantes')
          .select(['id', 'id_artigo', 'arquivo as nome', 'content_type', 'bytes', 'etag', 'created_at as updated_at'])
          .where('id_artigo', '=', id_artigo)
          .where('arquivo', '=', arquivo),
      ),
    );
    return rows[0] ?? null;
  }

  async getShareImage(id_artigo: number, arquivo: string): Promise<StoredImage | null> {
    const { rows } = await this.db.executeQuery(
      this.reads.of('getShareImage', [id_artigo, arquivo], ([id_artigo, arquivo]) =>
        this.db
          .selectFrom('artigo_imagens_compartilhamento')
          .select(['id', 'id_artigo', 'arquivo as nome', 'content_type', 'bytes', 'etag', 'created_at as updated_at'])
          .where('id_artigo', '=', id_artigo)
          .where('arquivo', '=', arquivo),
      ),
    );
    return rows[0] ?? null;
  }

  async saveShareImage(id_artigo: number, arquivo: string, bytes: Buffer): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const article = await trx.selectFrom('artigos').select('id').where('id', '=', id_artigo).executeTakeFirst();
      if (!article) throw new ArticleNotFoundError(id_artigo);
      await trx.deleteFrom('artigo_imagens_compartilhamento').where('id_artigo', '=', id_artigo).where('arquivo', '<>', arquivo).execute();
      await trx
        .insertInto('artigo_imagens_compartilhamento')
        .values({ id_artigo, arquivo, content_type: 'image/jpeg', bytes, etag: imageEtag(bytes), created_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.columns(['id_artigo', 'arquivo']).doNothing())
        .execute();
    });
  }

  async imageSets(articleIds: number[]): Promise<ImageSet[]> {
    const ids = [...new Set(articleIds)].filter((id) => Number.isInteger(id) && id > 0 && id <= MAX_ID);
    if (ids.length === 0) return [];
    // Only the columns the covering indexes hold (migration 4): the image bytes are never read here.
    const [masters, variants] = await Promise.all([
      this.db.executeQuery(
        this.reads.of(`imageMasters:${ids.length}`, ids, (ids) =>
          this.db
            .selectFrom('artigo_imagens')
            .select(['id', 'id_artigo', 'nome', 'width', 'height', 'has_alpha', 'animated'])
            .where('id_artigo', 'in', ids)
            .where('width', 'is not', null)
            .orderBy('id_artigo')
            .orderBy('id')
            .$narrowType<{ width: number; height: number; has_alpha: number | boolean; animated: number | boolean }>(),
        ),
      ),
      this.db.executeQuery(
        this.reads.of(`imageVariants:${ids.length}`, ids, (ids) =>
          this.db
            .selectFrom('artigo_imagem_variantes')
            .select(['id_imagem', 'arquivo', 'papel', 'formato', 'width', 'height', 'tamanho'])
            .where('id_artigo', 'in', ids),
        ),
      ),
    ]);
    return toImageSets(masters.rows, variants.rows);
  }

  async count(): Promise<number> {
    const { total } = await this.db.selectFrom('artigos').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return total;
  }

  async ping(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('o banco de dados não respondeu a tempo')), PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([sql`SELECT 1`.execute(this.db), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  subscribe(listener: (event: RepositoryEvent) => void): () => void {
    return this.events.subscribe(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.events.clear();
    await this.dialect.close();
  }

  private async countPublic(now: string): Promise<number> {
    const { total } = await this.db.selectNoFrom(this.publicTotal(now).as('total')).executeTakeFirstOrThrow();
    return total;
  }

  /**
   * How many articles are public at `now` (publicAt): the published ones as counted in `contadores`,
   * and the scheduled ones already due, which the index of scheduled articles finds among a few.
   */
  private publicTotal(now: string) {
    const published = this.db.selectFrom('contadores').select('valor').where('nome', '=', 'artigos_publicados');
    const due = this.db
      .selectFrom('artigos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'agendado')
      .where('publicar_em', '<=', now);
    return sql<number>`(${published}) + (${due})`;
  }

  /** The article as stored, with any version waiting for review, its row locked until the transaction ends. */
  private async lockArticle(trx: Transaction<Schema>, id: number): Promise<StoredArticle> {
    const row = await trx
      .selectFrom('artigos')
      .select([...ARTICLE_COLUMNS, 'pendente'])
      .where('id', '=', id)
      // SQLite's write transaction already holds the whole database.
      .$if(this.kind === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst();
    if (!row) throw new ArticleNotFoundError(id);
    return toArticle(row);
  }

  private async writeArticle(trx: Transaction<Schema>, article: StoredArticle): Promise<void> {
    const { id, autor: _autor, pendente, autores: _a, clinico: _c, referencias: _r, revisao_medica: _m, ...columns } = article;
    await trx
      .updateTable('artigos')
      .set({
        ...columns,
        ja_publicado: flag(article.ja_publicado),
        ...credits(article),
        pendente: pendente ? JSON.stringify(pendente) : null,
        aguardando_revisao: flag(needsReview(workingCopy(article))),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Keeps the count of published articles in step, inside the write that changes it. */
  private async countPublished(trx: Transaction<Schema>, change: number): Promise<void> {
    if (change === 0) return;
    await trx
      .updateTable('contadores')
      .set({ valor: sql`valor + ${change}` })
      .where('nome', '=', 'artigos_publicados')
      .execute();
  }

  /** Moves the article's update date, locking its row; throws ArticleNotFoundError when it is absent. */
  private async touchArticle(trx: Transaction<Schema>, id: number, now: string): Promise<void> {
    const touched = await trx.updateTable('artigos').set({ data_atualizacao: now }).where('id', '=', id).executeTakeFirst();
    if (touched.numUpdatedRows === 0n) throw new ArticleNotFoundError(id);
  }

  private async thinAutosaves(trx: Transaction<Schema>, id: number): Promise<void> {
    const revisions = await trx
      .selectFrom('artigo_revisoes')
      .select(['versao', 'data', 'acao', 'id_pessoa', this.dialect.jsonText('instantaneo', 'status').$castTo<ArticleStatus>().as('status')])
      .where('id_artigo', '=', id)
      .execute();
    const expired = expiredAutosaves(revisions);
    if (expired.length > 0) await trx.deleteFrom('artigo_revisoes').where('id_artigo', '=', id).where('versao', 'in', expired).execute();
  }

  private async recordRevision(
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
