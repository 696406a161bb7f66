import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Logger } from '../logger.js';
import type { ImageSet } from '../images/image-set.js';
import { applyChange, likePattern, newArticleRow, snapshotOf, publicWhere } from './article-workflow.js';
import { imageEtag } from './image-etag.js';
import { toImageSets, type MasterRow, type VariantRow } from './image-set-rows.js';
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
  type RevisionSummary,
  type SessionStore,
  type StoredArticle,
  type StoredImage,
  type StoredImageInput,
} from './repository.js';
import { RepositoryEvents } from './repository-events.js';
import { slugify } from '../lib/slug.js';
import { SQLITE_MIGRATIONS } from './sqlite-migrations.js';
import { sqliteSessions } from './sqlite-sessions.js';

const ARTICLE_COLUMNS = `id, titulo, titulo_url, conteudo, descricao, keywords, data_publicacao, data_atualizacao,
  autor, imagem_nome, imagem_caption, imagem_width, imagem_height, status, publicar_em, versao, ja_publicado`;

/** What an image set is built from (toImageSets): never the bytes. */
const MASTER_SET_COLUMNS = 'id, id_artigo, nome, width, height, has_alpha, animated';
const VARIANT_SET_COLUMNS = 'id_imagem, arquivo, papel, formato, width, height, tamanho';

const PUBLIC = publicWhere('@now');

type ArticleRow = Omit<StoredArticle, 'ja_publicado'> & { ja_publicado: number };

function toArticle(row: ArticleRow): StoredArticle {
  return { ...row, ja_publicado: row.ja_publicado === 1 };
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function migrate(db: Database.Database): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = new Set(
    db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[],
  );
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const migration of SQLITE_MIGRATIONS) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, new Date().toISOString());
    }).immediate();
  }
}

/**
 * Opens (creating if needed) the embedded database. WAL with synchronous=FULL: a commit is on disk
 * before create() resolves, so an acknowledged article survives kill -9 and power loss alike.
 */
export function openSqliteRepository(path: string, logger: Logger): ArticleRepository {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return new SqliteRepository(db, logger);
}

class SqliteRepository implements ArticleRepository {
  readonly kind = 'sqlite' as const;
  readonly sessions: SessionStore;
  private readonly events: RepositoryEvents;
  private readonly statements;
  /** The reads that pages make on every render, each one consistent snapshot, compiled once. */
  private readonly readImageSets: (ids: number[]) => { masters: MasterRow[]; variants: VariantRow[] };
  private readonly readLatest: (now: string, pageIndex: number, pageSize: number) => Page<Article>;

  constructor(
    private readonly db: Database.Database,
    logger: Logger,
  ) {
    this.events = new RepositoryEvents(logger);
    this.sessions = sqliteSessions(db);
    this.statements = {
      lastId: db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'artigos'").pluck(),
      insert: db.prepare(`INSERT INTO artigos (titulo, titulo_url, conteudo, descricao, keywords, data_publicacao,
        data_atualizacao, autor, imagem_nome, imagem_caption, imagem_width, imagem_height, status, publicar_em, ja_publicado)
        VALUES (@titulo, @titulo_url, @conteudo, @descricao, @keywords, @data_publicacao, @data_atualizacao, @autor,
        @imagem_nome, @imagem_caption, @imagem_width, @imagem_height, @status, @publicar_em, @ja_publicado)`),
      get: db.prepare(`SELECT ${ARTICLE_COLUMNS} FROM artigos WHERE id = ?`),
      latest: db.prepare(
        `SELECT ${ARTICLE_COLUMNS} FROM artigos WHERE ${PUBLIC} ORDER BY data_publicacao DESC, id DESC LIMIT @limit OFFSET @offset`,
      ),
      countPublic: db.prepare(`SELECT count(*) FROM artigos WHERE ${PUBLIC}`).pluck(),
      count: db.prepare('SELECT count(*) FROM artigos').pluck(),
      summaries: db.prepare(
        `SELECT id, titulo_url, data_publicacao, data_atualizacao FROM artigos WHERE ${PUBLIC}
        ORDER BY data_publicacao DESC, id DESC`,
      ),
      update: db.prepare(`UPDATE artigos SET titulo = @titulo, titulo_url = @titulo_url, conteudo = @conteudo,
        descricao = @descricao, keywords = @keywords, data_publicacao = @data_publicacao,
        data_atualizacao = @data_atualizacao, imagem_nome = @imagem_nome, imagem_caption = @imagem_caption,
        imagem_width = @imagem_width, imagem_height = @imagem_height, status = @status, publicar_em = @publicar_em,
        versao = @versao, ja_publicado = @ja_publicado
        WHERE id = @id`),
      insertRevision: db.prepare(`INSERT INTO artigo_revisoes (id_artigo, versao, autor, data, acao, instantaneo)
        VALUES (?, ?, ?, ?, ?, ?)`),
      lastRevisionAuthor: db
        .prepare('SELECT autor FROM artigo_revisoes WHERE id_artigo = ? ORDER BY versao DESC LIMIT 1')
        .pluck(),
      revisions: db.prepare(`SELECT versao, autor, data, acao, json_extract(instantaneo, '$.titulo') AS titulo
        FROM artigo_revisoes WHERE id_artigo = ? ORDER BY versao DESC`),
      revision: db.prepare(`SELECT versao, autor, data, acao, instantaneo FROM artigo_revisoes
        WHERE id_artigo = ? AND versao = ?`),
      remove: db.prepare('DELETE FROM artigos WHERE id = ? RETURNING ja_publicado').pluck(),
      tombstone: db.prepare('INSERT OR REPLACE INTO artigos_removidos (id, removido_em) VALUES (?, ?)'),
      wasRemoved: db.prepare('SELECT 1 FROM artigos_removidos WHERE id = ?').pluck(),
      claimDue: db.prepare(`UPDATE artigos SET status = 'publicado', ja_publicado = 1, versao = versao + 1,
        data_publicacao = CASE WHEN ja_publicado THEN data_publicacao ELSE publicar_em END,
        data_atualizacao = max(data_atualizacao, publicar_em)
        WHERE status = 'agendado' AND publicar_em <= ? RETURNING ${ARTICLE_COLUMNS}`),
      exists: db.prepare('SELECT 1 FROM artigos WHERE id = ?').pluck(),
      upsertImage: db
        .prepare(
          `INSERT INTO artigo_imagens (id_artigo, nome, content_type, bytes, etag, updated_at)
          VALUES (@id_artigo, @nome, @content_type, @bytes, @etag, @updated_at)
          ON CONFLICT (id_artigo, nome) DO UPDATE SET content_type = excluded.content_type, bytes = excluded.bytes,
            etag = excluded.etag, updated_at = excluded.updated_at
          RETURNING id`,
        )
        .pluck(),
      touch: db.prepare('UPDATE artigos SET data_atualizacao = ? WHERE id = ?'),
      getImage: db.prepare(
        'SELECT id, id_artigo, nome, content_type, bytes, etag, updated_at FROM artigo_imagens WHERE id_artigo = ? AND nome = ?',
      ),
      insertMaster: db
        .prepare(
          `INSERT INTO artigo_imagens (id_artigo, nome, content_type, bytes, etag, updated_at, width, height, has_alpha, animated)
          VALUES (@id_artigo, @nome, @content_type, @bytes, @etag, @updated_at, @width, @height, @has_alpha, @animated)
          ON CONFLICT (id_artigo, nome) DO NOTHING
          RETURNING id`,
        )
        .pluck(),
      insertVariant: db.prepare(
        `INSERT INTO artigo_imagem_variantes (id_imagem, id_artigo, arquivo, papel, formato, content_type, width, height,
          tamanho, bytes, etag, created_at)
        VALUES (@id_imagem, @id_artigo, @arquivo, @papel, @formato, @content_type, @width, @height, @tamanho, @bytes,
          @etag, @created_at)`,
      ),
      // json_each takes the whole id list as one bound parameter, so no SQL is built from input.
      masters: db.prepare(
        `SELECT ${MASTER_SET_COLUMNS} FROM artigo_imagens
        WHERE id_artigo IN (SELECT value FROM json_each(?)) AND width IS NOT NULL ORDER BY id_artigo, id`,
      ),
      variants: db.prepare(`SELECT ${VARIANT_SET_COLUMNS} FROM artigo_imagem_variantes WHERE id_artigo IN (SELECT value FROM json_each(?))`),
      // One article, as every article page asks: a plain equality costs about half of json_each.
      mastersOfArticle: db.prepare(
        `SELECT ${MASTER_SET_COLUMNS} FROM artigo_imagens WHERE id_artigo = ? AND width IS NOT NULL ORDER BY id`,
      ),
      variantsOfArticle: db.prepare(`SELECT ${VARIANT_SET_COLUMNS} FROM artigo_imagem_variantes WHERE id_artigo = ?`),
      deleteImage: db.prepare('DELETE FROM artigo_imagens WHERE id = ?'),
      getVariant: db.prepare(
        `SELECT id, id_artigo, arquivo AS nome, content_type, bytes, etag, created_at AS updated_at
        FROM artigo_imagem_variantes WHERE id_artigo = ? AND arquivo = ?`,
      ),
    };
    this.readImageSets = db.transaction((ids: number[]) => {
      if (ids.length === 1) {
        return {
          masters: this.statements.mastersOfArticle.all(ids[0]) as MasterRow[],
          variants: this.statements.variantsOfArticle.all(ids[0]) as VariantRow[],
        };
      }
      const list = JSON.stringify(ids);
      return { masters: this.statements.masters.all(list) as MasterRow[], variants: this.statements.variants.all(list) as VariantRow[] };
    });
    this.readLatest = db.transaction((now: string, pageIndex: number, pageSize: number) => ({
      items: (this.statements.latest.all({ now, limit: pageSize, offset: (pageIndex - 1) * pageSize }) as ArticleRow[]).map(toArticle),
      total: this.statements.countPublic.get({ now }) as number,
    }));
  }

  async nextId(): Promise<number> {
    const last = this.statements.lastId.get() as number | undefined;
    return (last ?? 0) + 1;
  }

  async create(article: NewArticle): Promise<number> {
    const now = new Date().toISOString();
    const row = newArticleRow(article, now);
    const insert = this.db.transaction(() => {
      const id = Number(this.statements.insert.run({ ...row, ja_publicado: row.ja_publicado ? 1 : 0 }).lastInsertRowid);
      this.recordRevision(id, 1, row.autor, row.data_atualizacao, 'criado', snapshotOf(row));
      return id;
    });
    const id = insert.immediate();
    this.events.emit({ type: 'article-created', id });
    return id;
  }

  async get(id: number): Promise<StoredArticle | null> {
    const row = this.statements.get.get(id) as ArticleRow | undefined;
    return row ? toArticle(row) : null;
  }

  async latest(pageIndex: number, pageSize: number): Promise<Page<Article>> {
    return this.readLatest(new Date().toISOString(), pageIndex, pageSize);
  }

  async summaries(): Promise<ArticleSummary[]> {
    return this.statements.summaries.all({ now: new Date().toISOString() }) as ArticleSummary[];
  }

  async update(id: number, change: ArticleChange): Promise<StoredArticle> {
    const now = new Date().toISOString();
    const save = this.db.transaction(() => {
      const row = this.statements.get.get(id) as ArticleRow | undefined;
      if (!row) throw new ArticleNotFoundError(id);
      const current = toArticle(row);
      if (change.expectedVersion !== undefined && change.expectedVersion !== current.versao) {
        throw new VersionConflictError(id, current.versao);
      }
      const next = applyChange(current, change, now);
      this.statements.update.run({ ...next, ja_publicado: next.ja_publicado ? 1 : 0 });
      this.recordRevision(id, next.versao, change.autor, now, change.acao, snapshotOf(next));
      return next;
    });
    const next = save.immediate();
    this.events.emit({ type: 'article-changed', id });
    return next;
  }

  async remove(id: number): Promise<boolean> {
    const drop = this.db.transaction(() => {
      const wasPublished = this.statements.remove.get(id) as number | undefined;
      if (wasPublished === undefined) return false;
      if (wasPublished === 1) this.statements.tombstone.run(id, new Date().toISOString());
      return true;
    });
    const removed = drop.immediate();
    if (removed) this.events.emit({ type: 'article-removed', id });
    return removed;
  }

  async wasRemoved(id: number): Promise<boolean> {
    return this.statements.wasRemoved.get(id) === 1;
  }

  async list(query: EditorListQuery): Promise<Page<EditorListItem>> {
    const conditions: string[] = [];
    const params: Record<string, unknown> = { limit: query.pageSize, offset: (query.pageIndex - 1) * query.pageSize };
    if (query.status) {
      conditions.push('status = @status');
      params.status = query.status;
    }
    if (query.busca?.trim()) {
      // The URL form of the words matches titles whatever accents were typed.
      const slug = slugify(query.busca);
      conditions.push(`(titulo LIKE @busca ESCAPE '\\'${slug ? " OR titulo_url LIKE @slug ESCAPE '\\'" : ''})`);
      params.busca = likePattern(query.busca);
      if (slug) params.slug = likePattern(slug);
    }
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const read = this.db.transaction(() => ({
      items: this.db
        .prepare(`SELECT id, titulo, titulo_url, status, autor, data_atualizacao, publicar_em, versao FROM artigos ${where}
          ORDER BY data_atualizacao DESC, id DESC LIMIT @limit OFFSET @offset`)
        .all(params) as EditorListItem[],
      total: this.db.prepare(`SELECT count(*) FROM artigos ${where}`).pluck().get(params) as number,
    }));
    return read();
  }

  async revisions(id: number): Promise<RevisionSummary[]> {
    return this.statements.revisions.all(id) as RevisionSummary[];
  }

  async revision(id: number, versao: number): Promise<Revision | null> {
    const row = this.statements.revision.get(id, versao) as (Omit<Revision, 'snapshot' | 'titulo'> & { instantaneo: string }) | undefined;
    if (!row) return null;
    const { instantaneo, ...summary } = row;
    const snapshot = JSON.parse(instantaneo) as Revision['snapshot'];
    return { ...summary, titulo: snapshot.titulo, snapshot };
  }

  async publishDue(now: string): Promise<number[]> {
    const claim = this.db.transaction(() => {
      const published = (this.statements.claimDue.all(now) as ArticleRow[]).map(toArticle);
      for (const article of published) {
        const autor = (this.statements.lastRevisionAuthor.get(article.id) as string | undefined) ?? article.autor;
        this.recordRevision(article.id, article.versao, autor, now, 'publicado', snapshotOf(article));
      }
      return published.map((article) => article.id);
    });
    const ids = claim.immediate();
    for (const id of ids) this.events.emit({ type: 'article-changed', id });
    return ids;
  }

  async saveImage(image: StoredImageInput): Promise<{ id: number; nome: string }> {
    const updatedAt = new Date().toISOString();
    const save = this.db.transaction(() => {
      if (!this.statements.exists.get(image.id_artigo)) throw new ArticleNotFoundError(image.id_artigo);
      const id = this.statements.upsertImage.get({ ...image, etag: imageEtag(image.bytes), updated_at: updatedAt }) as number;
      this.statements.touch.run(updatedAt, image.id_artigo);
      return id;
    });
    const id = save.immediate();
    this.events.emit({ type: 'image-saved', id_artigo: image.id_artigo, nome: image.nome });
    return { id, nome: image.nome };
  }

  async getImage(id_artigo: number, nome: string): Promise<StoredImage | null> {
    return (this.statements.getImage.get(id_artigo, nome) as StoredImage | undefined) ?? null;
  }

  /**
   * Written in steps, yielding to the event loop between them: one transaction for megabytes of
   * variants would block every other request for its whole write and fsync. The set becomes visible
   * to imageSets() only with its last step (the social image); a failure removes what was written.
   */
  async saveImageSet(set: NewImageSet): Promise<{ id: number; nome: string }> {
    const now = new Date().toISOString();
    const reserve = this.db.transaction(() => {
      if (!this.statements.exists.get(set.id_artigo)) throw new ArticleNotFoundError(set.id_artigo);
      const id = this.statements.insertMaster.get({
        id_artigo: set.id_artigo,
        nome: set.nome,
        content_type: set.master.content_type,
        bytes: set.master.bytes,
        etag: imageEtag(set.master.bytes),
        updated_at: now,
        width: set.master.width,
        height: set.master.height,
        has_alpha: set.master.hasAlpha ? 1 : 0,
        animated: set.master.animated ? 1 : 0,
      }) as number | undefined;
      if (id === undefined) throw new ImageNameTakenError(set.id_artigo, set.nome);
      return id;
    });
    const id = reserve.immediate();
    const insert = (file: EncodedImageInput, papel: VariantRow['papel']) =>
      this.statements.insertVariant.run({
        id_imagem: id,
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
      });
    try {
      for (const variant of set.variants) {
        await yieldToEventLoop();
        insert(variant, 'responsiva');
      }
      await yieldToEventLoop();
      this.db
        .transaction(() => {
          insert(set.social, 'social');
          this.statements.touch.run(now, set.id_artigo);
        })
        .immediate();
    } catch (error) {
      this.statements.deleteImage.run(id);
      throw error;
    }
    this.events.emit({ type: 'image-saved', id_artigo: set.id_artigo, nome: set.nome });
    return { id, nome: set.nome };
  }

  async getImageVariant(id_artigo: number, arquivo: string): Promise<StoredImage | null> {
    return (this.statements.getVariant.get(id_artigo, arquivo) as StoredImage | undefined) ?? null;
  }

  async imageSets(articleIds: number[]): Promise<ImageSet[]> {
    const ids = [...new Set(articleIds)].filter(Number.isSafeInteger);
    if (ids.length === 0) return [];
    const { masters, variants } = this.readImageSets(ids);
    return toImageSets(masters, variants);
  }

  async count(): Promise<number> {
    return this.statements.count.get() as number;
  }

  private recordRevision(id: number, versao: number, autor: string, data: string, acao: RevisionAction, snapshot: object): void {
    this.statements.insertRevision.run(id, versao, autor, data, acao, JSON.stringify(snapshot));
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  subscribe(listener: (event: RepositoryEvent) => void): () => void {
    return this.events.subscribe(listener);
  }

  async close(): Promise<void> {
    this.events.clear();
    if (this.db.open) this.db.close();
  }
}
