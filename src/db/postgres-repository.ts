import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from '../logger.js';
import type { ImageSet } from '../images/image-set.js';
import { slugify } from '../lib/slug.js';
import { applyChange, likePattern, newArticleRow, snapshotOf, publicWhere } from './article-workflow.js';
import { imageEtag } from './image-etag.js';
import { toImageSets, type MasterRow, type VariantRow } from './image-set-rows.js';
import { migratePostgres } from './postgres-migrate.js';
import { listenForChanges, type ChangeListener } from './postgres-listener.js';
import { postgresSessions } from './postgres-sessions.js';
import {
  ArticleNotFoundError,
  ImageNameTakenError,
  type EncodedImageInput,
  VersionConflictError,
  type Article,
  type ArticleChange,
  type ArticleRepository,
  type ArticleSummary,
  type EditorListItem,
  type EditorListQuery,
  type NewArticle,
  type NewImageSet,
  type Page,
  type RepositoryEvent,
  type Revision,
  type RevisionAction,
  type RevisionSnapshot,
  type RevisionSummary,
  type SessionStore,
  type StoredArticle,
  type StoredImage,
  type StoredImageInput,
} from './repository.js';
import { RepositoryEvents } from './repository-events.js';

export const CHANGES_CHANNEL = 'artigos_alterados';
const PING_TIMEOUT_MS = 2_000;
/** Largest INTEGER: ids beyond it cannot exist and would make the int[] cast fail. */
const MAX_INT = 2_147_483_647;

const ARTICLE_COLUMNS = `id, titulo, titulo_url, conteudo, descricao, keywords, data_publicacao, data_atualizacao,
  autor, imagem_nome, imagem_caption, imagem_width, imagem_height, status, publicar_em, versao, ja_publicado`;

/** $1 is the current time. */
const PUBLIC = publicWhere('$1');

type ArticleRow = Omit<StoredArticle, 'data_publicacao' | 'data_atualizacao' | 'publicar_em'> & {
  data_publicacao: Date;
  data_atualizacao: Date;
  publicar_em: Date | null;
};

interface ChangeNotice {
  origin: string;
  event: RepositoryEvent;
}

function toArticle(row: ArticleRow): StoredArticle {
  return {
    ...row,
    data_publicacao: row.data_publicacao.toISOString(),
    data_atualizacao: row.data_atualizacao.toISOString(),
    publicar_em: row.publicar_em?.toISOString() ?? null,
  };
}

const iso = (date: Date) => date.toISOString();

/**
 * Opens the shared database: a pool for queries, migrations under an advisory lock, and a
 * LISTEN connection so that writes made by other instances reach subscribe() too.
 */
export async function openPostgresRepository(connectionString: string, logger: Logger): Promise<ArticleRepository> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: PING_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    // A stuck server or statement must fail the request, not hold it (and a pooled client) forever.
    statement_timeout: 10_000,
    query_timeout: 15_000,
  });
  // An idle client that loses its server emits here; without a listener the process would crash.
  pool.on('error', (error) => logger.warn({ err: error }, 'conexão ociosa do PostgreSQL perdida'));
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const repo = new PostgresRepository(pool, logger);
  await repo.startListening(connectionString);
  return repo;
}

class PostgresRepository implements ArticleRepository {
  readonly kind = 'postgres' as const;
  readonly sessions: SessionStore;
  private readonly origin = randomUUID();
  private readonly events: RepositoryEvents;
  private listener: ChangeListener | undefined;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
  ) {
    this.events = new RepositoryEvents(logger);
    this.sessions = postgresSessions(pool);
  }

  async startListening(connectionString: string): Promise<void> {
    this.listener = listenForChanges(connectionString, CHANGES_CHANNEL, (payload) => this.receive(payload), this.logger);
    await this.listener.ready;
  }

  async nextId(): Promise<number> {
    const { rows } = await this.pool.query<{ next: number }>(
      `SELECT (COALESCE(pg_sequence_last_value(pg_get_serial_sequence('artigos', 'id')::regclass), 0) + 1)::int AS next`,
    );
    return rows[0]!.next;
  }

  async create(article: NewArticle): Promise<number> {
    const now = iso(new Date());
    const row = newArticleRow(article, now);
    // One statement: the row, its first revision and the notice commit together.
    const { rows } = await this.pool.query<{ id: number }>(
      `WITH inserted AS (
        INSERT INTO artigos (titulo, titulo_url, conteudo, descricao, keywords, data_publicacao, data_atualizacao,
          autor, imagem_nome, imagem_caption, imagem_width, imagem_height, status, publicar_em, ja_publicado)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
        RETURNING id, autor, data_atualizacao),
      revision AS (
        INSERT INTO artigo_revisoes (id_artigo, versao, autor, data, acao, instantaneo)
        SELECT id, 1, autor, data_atualizacao, 'criado', $16::jsonb FROM inserted)
      SELECT id, pg_notify($17, json_build_object('origin', $18::text, 'event',
        json_build_object('type', 'article-created', 'id', id))::text)
      FROM inserted`,
      [
        row.titulo,
        row.titulo_url,
        row.conteudo,
        row.descricao,
        row.keywords,
        row.data_publicacao,
        row.data_atualizacao,
        row.autor,
        row.imagem_nome,
        row.imagem_caption,
        row.imagem_width,
        row.imagem_height,
        row.status,
        row.publicar_em,
        row.ja_publicado,
        JSON.stringify(snapshotOf(row)),
        CHANGES_CHANNEL,
        this.origin,
      ],
    );
    const id = rows[0]!.id;
    this.events.emit({ type: 'article-created', id });
    return id;
  }

  async get(id: number): Promise<StoredArticle | null> {
    const { rows } = await this.pool.query<ArticleRow>(`SELECT ${ARTICLE_COLUMNS} FROM artigos WHERE id = $1`, [id]);
    return rows[0] ? toArticle(rows[0]) : null;
  }

  async latest(pageIndex: number, pageSize: number): Promise<Page<Article>> {
    const { rows } = await this.pool.query<ArticleRow & { total: number }>(
      `SELECT ${ARTICLE_COLUMNS}, (SELECT count(*) FROM artigos WHERE ${PUBLIC})::int AS total
      FROM artigos WHERE ${PUBLIC} ORDER BY data_publicacao DESC, id DESC LIMIT $2 OFFSET $3`,
      [iso(new Date()), pageSize, (pageIndex - 1) * pageSize],
    );
    const total = rows[0]?.total ?? (await this.countPublic());
    return { items: rows.map(({ total: _total, ...row }) => toArticle(row)), total };
  }

  async summaries(): Promise<ArticleSummary[]> {
    const { rows } = await this.pool.query<{ id: number; titulo_url: string; data_publicacao: Date; data_atualizacao: Date }>(
      `SELECT id, titulo_url, data_publicacao, data_atualizacao FROM artigos WHERE ${PUBLIC}
      ORDER BY data_publicacao DESC, id DESC`,
      [iso(new Date())],
    );
    return rows.map((row) => ({
      ...row,
      data_publicacao: row.data_publicacao.toISOString(),
      data_atualizacao: row.data_atualizacao.toISOString(),
    }));
  }

  async update(id: number, change: ArticleChange): Promise<StoredArticle> {
    const next = await this.transaction(async (client) => {
      const { rows } = await client.query<ArticleRow>(`SELECT ${ARTICLE_COLUMNS} FROM artigos WHERE id = $1 FOR UPDATE`, [id]);
      if (!rows[0]) throw new ArticleNotFoundError(id);
      const current = toArticle(rows[0]);
      if (change.expectedVersion !== undefined && change.expectedVersion !== current.versao) {
        throw new VersionConflictError(id, current.versao);
      }
      const now = iso(new Date());
      const next = applyChange(current, change, now);
      await client.query(
        `UPDATE artigos SET titulo = $2, titulo_url = $3, conteudo = $4, descricao = $5, keywords = $6,
          data_publicacao = $7, data_atualizacao = $8, imagem_nome = $9, imagem_caption = $10, imagem_width = $11,
          imagem_height = $12, status = $13, publicar_em = $14, versao = $15, ja_publicado = $16
        WHERE id = $1`,
        [
          id,
          next.titulo,
          next.titulo_url,
          next.conteudo,
          next.descricao,
          next.keywords,
          next.data_publicacao,
          next.data_atualizacao,
          next.imagem_nome,
          next.imagem_caption,
          next.imagem_width,
          next.imagem_height,
          next.status,
          next.publicar_em,
          next.versao,
          next.ja_publicado,
        ],
      );
      await this.recordRevision(client, id, next.versao, change.autor, now, change.acao, snapshotOf(next));
      await this.notify(client, { type: 'article-changed', id });
      return next;
    });
    this.events.emit({ type: 'article-changed', id });
    return next;
  }

  async remove(id: number): Promise<boolean> {
    const { rows } = await this.pool.query<{ id: number }>(
      `WITH removed AS (DELETE FROM artigos WHERE id = $1 RETURNING id, ja_publicado),
      tombstone AS (
        INSERT INTO artigos_removidos (id, removido_em) SELECT id, now() FROM removed WHERE ja_publicado
        ON CONFLICT (id) DO UPDATE SET removido_em = excluded.removido_em)
      SELECT id, pg_notify($2, json_build_object('origin', $3::text, 'event',
        json_build_object('type', 'article-removed', 'id', id))::text)
      FROM removed`,
      [id, CHANGES_CHANNEL, this.origin],
    );
    if (!rows[0]) return false;
    this.events.emit({ type: 'article-removed', id });
    return true;
  }

  async wasRemoved(id: number): Promise<boolean> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM artigos_removidos WHERE id = $1', [id]);
    return (rowCount ?? 0) > 0;
  }

  async list(query: EditorListQuery): Promise<Page<EditorListItem>> {
    const params: unknown[] = [];
    const conditions: string[] = [];
    if (query.status) {
      params.push(query.status);
      conditions.push(`status = $${params.length}`);
    }
    if (query.busca?.trim()) {
      // The URL form of the words matches titles whatever accents were typed.
      const slug = slugify(query.busca);
      params.push(likePattern(query.busca));
      const byTitle = `titulo ILIKE $${params.length}`;
      if (slug) params.push(likePattern(slug));
      conditions.push(slug ? `(${byTitle} OR titulo_url LIKE $${params.length})` : byTitle);
    }
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const [page, count] = await Promise.all([
      this.pool.query<Omit<EditorListItem, 'data_atualizacao' | 'publicar_em'> & { data_atualizacao: Date; publicar_em: Date | null }>(
        `SELECT id, titulo, titulo_url, status, autor, data_atualizacao, publicar_em, versao FROM artigos ${where}
        ORDER BY data_atualizacao DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, query.pageSize, (query.pageIndex - 1) * query.pageSize],
      ),
      this.pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM artigos ${where}`, params),
    ]);
    return {
      items: page.rows.map((row) => ({
        ...row,
        data_atualizacao: iso(row.data_atualizacao),
        publicar_em: row.publicar_em ? iso(row.publicar_em) : null,
      })),
      total: count.rows[0]!.total,
    };
  }

  async revisions(id: number): Promise<RevisionSummary[]> {
    const { rows } = await this.pool.query<Omit<RevisionSummary, 'data'> & { data: Date }>(
      `SELECT versao, autor, data, acao, instantaneo->>'titulo' AS titulo FROM artigo_revisoes
      WHERE id_artigo = $1 ORDER BY versao DESC`,
      [id],
    );
    return rows.map((row) => ({ ...row, data: iso(row.data) }));
  }

  async revision(id: number, versao: number): Promise<Revision | null> {
    const { rows } = await this.pool.query<Omit<RevisionSummary, 'data' | 'titulo'> & { data: Date; instantaneo: RevisionSnapshot }>(
      'SELECT versao, autor, data, acao, instantaneo FROM artigo_revisoes WHERE id_artigo = $1 AND versao = $2',
      [id, versao],
    );
    const row = rows[0];
    if (!row) return null;
    const { instantaneo, ...summary } = row;
    return { ...summary, data: iso(row.data), titulo: instantaneo.titulo, snapshot: instantaneo };
  }

  /**
   * The UPDATE is the claim: a row another instance is publishing stays locked until that commit, and is
   * then re-checked against status = 'agendado', which no longer holds, so each article is taken once.
   */
  async publishDue(now: string): Promise<number[]> {
    const published = await this.transaction(async (client) => {
      const { rows } = await client.query<ArticleRow>(
        `UPDATE artigos SET status = 'publicado', ja_publicado = true, versao = versao + 1,
          data_publicacao = CASE WHEN ja_publicado THEN data_publicacao ELSE publicar_em END,
          data_atualizacao = GREATEST(data_atualizacao, publicar_em)
        WHERE status = 'agendado' AND publicar_em <= $1 RETURNING ${ARTICLE_COLUMNS}`,
        [now],
      );
      const articles = rows.map(toArticle);
      for (const article of articles) {
        const { rows: last } = await client.query<{ autor: string }>(
          'SELECT autor FROM artigo_revisoes WHERE id_artigo = $1 ORDER BY versao DESC LIMIT 1',
          [article.id],
        );
        await this.recordRevision(client, article.id, article.versao, last[0]?.autor ?? article.autor, now, 'publicado', snapshotOf(article));
        await this.notify(client, { type: 'article-changed', id: article.id });
      }
      return articles.map((article) => article.id);
    });
    for (const id of published) this.events.emit({ type: 'article-changed', id });
    return published;
  }

  async saveImage(image: StoredImageInput): Promise<{ id: number; nome: string }> {
    // One statement: the article row lock, the upsert, its timestamp and the notice commit together.
    const { rows } = await this.pool.query<{ id: number }>(
      `WITH artigo AS (
        UPDATE artigos SET data_atualizacao = $6 WHERE id = $1 RETURNING id),
      saved AS (
        INSERT INTO artigo_imagens (id_artigo, nome, content_type, bytes, etag, updated_at)
        SELECT id, $2, $3, $4, $5, $6 FROM artigo
        ON CONFLICT (id_artigo, nome) DO UPDATE SET content_type = excluded.content_type, bytes = excluded.bytes,
          etag = excluded.etag, updated_at = excluded.updated_at
        RETURNING id, id_artigo, nome)
      SELECT id, pg_notify($7, json_build_object('origin', $8::text, 'event',
        json_build_object('type', 'image-saved', 'id_artigo', id_artigo, 'nome', nome))::text)
      FROM saved`,
      [
        image.id_artigo,
        image.nome,
        image.content_type,
        image.bytes,
        imageEtag(image.bytes),
        new Date().toISOString(),
        CHANGES_CHANNEL,
        this.origin,
      ],
    );
    if (!rows[0]) throw new ArticleNotFoundError(image.id_artigo);
    this.events.emit({ type: 'image-saved', id_artigo: image.id_artigo, nome: image.nome });
    return { id: rows[0].id, nome: image.nome };
  }

  async getImage(id_artigo: number, nome: string): Promise<StoredImage | null> {
    const { rows } = await this.pool.query<Omit<StoredImage, 'updated_at'> & { updated_at: Date }>(
      `SELECT id, id_artigo, nome, content_type, bytes, etag, updated_at FROM artigo_imagens
      WHERE id_artigo = $1 AND nome = $2`,
      [id_artigo, nome],
    );
    const row = rows[0];
    return row ? { ...row, updated_at: row.updated_at.toISOString() } : null;
  }

  async saveImageSet(set: NewImageSet): Promise<{ id: number; nome: string }> {
    const now = new Date().toISOString();
    const client = await this.pool.connect();
    let id: number;
    try {
      await client.query('BEGIN');
      // Locks the article row: the image and the article's new timestamp commit together.
      const touched = await client.query('UPDATE artigos SET data_atualizacao = $2 WHERE id = $1', [set.id_artigo, now]);
      if (touched.rowCount === 0) throw new ArticleNotFoundError(set.id_artigo);
      const inserted = await client.query<{ id: number }>(
        `INSERT INTO artigo_imagens (id_artigo, nome, content_type, bytes, etag, updated_at, width, height, has_alpha, animated)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
        ON CONFLICT (id_artigo, nome) DO NOTHING
        RETURNING id`,
        [
          set.id_artigo,
          set.nome,
          set.master.content_type,
          set.master.bytes,
          imageEtag(set.master.bytes),
          now,
          set.master.width,
          set.master.height,
          set.master.hasAlpha,
          set.master.animated,
        ],
      );
      if (!inserted.rows[0]) throw new ImageNameTakenError(set.id_artigo, set.nome);
      id = inserted.rows[0].id;
      const insert = (file: EncodedImageInput, papel: VariantRow['papel']) =>
        client.query(
          `INSERT INTO artigo_imagem_variantes (id_imagem, id_artigo, arquivo, papel, formato, content_type, width, height,
            tamanho, bytes, etag, created_at)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
          [
            id,
            set.id_artigo,
            file.arquivo,
            papel,
            file.format,
            file.content_type,
            file.width,
            file.height,
            file.bytes.length,
            file.bytes,
            imageEtag(file.bytes),
            now,
          ],
        );
      for (const variant of set.variants) await insert(variant, 'responsiva');
      await insert(set.social, 'social');
      await client.query(
        `SELECT pg_notify($1, json_build_object('origin', $2::text, 'event',
          json_build_object('type', 'image-saved', 'id_artigo', $3::int, 'nome', $4::text))::text)`,
        [CHANGES_CHANNEL, this.origin, set.id_artigo, set.nome],
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    this.events.emit({ type: 'image-saved', id_artigo: set.id_artigo, nome: set.nome });
    return { id, nome: set.nome };
  }

  async getImageVariant(id_artigo: number, arquivo: string): Promise<StoredImage | null> {
    const { rows } = await this.pool.query<Omit<StoredImage, 'updated_at'> & { updated_at: Date }>(
      `SELECT id, id_artigo, arquivo AS nome, content_type, bytes, etag, created_at AS updated_at
      FROM artigo_imagem_variantes WHERE id_artigo = $1 AND arquivo = $2`,
      [id_artigo, arquivo],
    );
    const row = rows[0];
    return row ? { ...row, updated_at: row.updated_at.toISOString() } : null;
  }

  async imageSets(articleIds: number[]): Promise<ImageSet[]> {
    const ids = [...new Set(articleIds)].filter((id) => Number.isInteger(id) && id > 0 && id <= MAX_INT);
    if (ids.length === 0) return [];
    const [masters, variants] = await Promise.all([
      this.pool.query<MasterRow>(
        `SELECT id, id_artigo, nome, width, height, has_alpha, animated FROM artigo_imagens
        WHERE id_artigo = ANY($1::int[]) AND width IS NOT NULL ORDER BY id_artigo, id`,
        [ids],
      ),
      this.pool.query<VariantRow>(
        `SELECT id_imagem, arquivo, papel, formato, width, height, tamanho FROM artigo_imagem_variantes
        WHERE id_artigo = ANY($1::int[])`,
        [ids],
      ),
    ]);
    return toImageSets(masters.rows, variants.rows);
  }

  private async countPublic(): Promise<number> {
    const { rows } = await this.pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM artigos WHERE ${PUBLIC}`, [
      iso(new Date()),
    ]);
    return rows[0]!.total;
  }

  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async recordRevision(
    client: pg.PoolClient,
    id: number,
    versao: number,
    autor: string,
    data: string,
    acao: RevisionAction,
    snapshot: RevisionSnapshot,
  ): Promise<void> {
    await client.query(
      'INSERT INTO artigo_revisoes (id_artigo, versao, autor, data, acao, instantaneo) VALUES ($1, $2, $3, $4, $5, $6::jsonb)',
      [id, versao, autor, data, acao, JSON.stringify(snapshot)],
    );
  }

  /** Delivered to the other instances when the transaction commits, and only then. */
  private async notify(client: pg.PoolClient, event: RepositoryEvent): Promise<void> {
    await client.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify({ origin: this.origin, event })]);
  }

  async count(): Promise<number> {
    const { rows } = await this.pool.query<{ total: number }>('SELECT count(*)::int AS total FROM artigos');
    return rows[0]!.total;
  }

  async ping(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('PostgreSQL não respondeu a tempo')), PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.pool.query('SELECT 1'), timeout]);
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
    await this.listener?.close();
    await this.pool.end();
  }

  private receive(payload: string): void {
    let notice: ChangeNotice;
    try {
      notice = JSON.parse(payload) as ChangeNotice;
    } catch (error) {
      this.logger.warn({ err: error, payload }, 'aviso de alteração ilegível');
      return;
    }
    // This instance already announced its own writes right after they committed.
    if (notice.origin === this.origin) return;
    this.events.emit(notice.event);
  }
}
