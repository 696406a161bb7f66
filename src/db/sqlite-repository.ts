import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Logger } from '../logger.js';
import type { ImageSet } from '../images/image-set.js';
import { imageEtag } from './image-etag.js';
import { toImageSets, type MasterRow, type VariantRow } from './image-set-rows.js';
import {
  ArticleNotFoundError,
  ImageNameTakenError,
  type EncodedImageInput,
  type Article,
  type ArticleRepository,
  type ArticleSummary,
  type NewArticle,
  type NewImageSet,
  type Page,
  type RepositoryEvent,
  type StoredImage,
  type StoredImageInput,
} from './repository.js';
import { RepositoryEvents } from './repository-events.js';
import { SQLITE_MIGRATIONS } from './sqlite-migrations.js';

const ARTICLE_COLUMNS = `id, titulo, titulo_url, conteudo, descricao, keywords, data_publicacao, data_atualizacao,
  autor, imagem_nome, imagem_caption, imagem_width, imagem_height`;

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
  private readonly events: RepositoryEvents;
  private readonly statements;

  constructor(
    private readonly db: Database.Database,
    logger: Logger,
  ) {
    this.events = new RepositoryEvents(logger);
    this.statements = {
      lastId: db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'artigos'").pluck(),
      insert: db.prepare(`INSERT INTO artigos (titulo, titulo_url, conteudo, descricao, keywords, data_publicacao,
        data_atualizacao, autor, imagem_nome, imagem_caption, imagem_width, imagem_height)
        VALUES (@titulo, @titulo_url, @conteudo, @descricao, @keywords, @data_publicacao, @data_publicacao, @autor,
        @imagem_nome, @imagem_caption, @imagem_width, @imagem_height)`),
      get: db.prepare(`SELECT ${ARTICLE_COLUMNS} FROM artigos WHERE id = ?`),
      latest: db.prepare(
        `SELECT ${ARTICLE_COLUMNS} FROM artigos ORDER BY data_publicacao DESC, id DESC LIMIT ? OFFSET ?`,
      ),
      count: db.prepare('SELECT count(*) FROM artigos').pluck(),
      summaries: db.prepare(
        'SELECT id, titulo_url, data_publicacao, data_atualizacao FROM artigos ORDER BY data_publicacao DESC, id DESC',
      ),
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
        `SELECT id, id_artigo, nome, width, height, has_alpha, animated FROM artigo_imagens
        WHERE id_artigo IN (SELECT value FROM json_each(?)) AND width IS NOT NULL ORDER BY id_artigo, id`,
      ),
      variants: db.prepare(
        `SELECT id_imagem, arquivo, papel, formato, width, height, tamanho FROM artigo_imagem_variantes
        WHERE id_artigo IN (SELECT value FROM json_each(?))`,
      ),
      getVariant: db.prepare(
        `SELECT id, id_artigo, arquivo AS nome, content_type, bytes, etag, created_at AS updated_at
        FROM artigo_imagem_variantes WHERE id_artigo = ? AND arquivo = ?`,
      ),
    };
  }

  async nextId(): Promise<number> {
    const last = this.statements.lastId.get() as number | undefined;
    return (last ?? 0) + 1;
  }

  async create(article: NewArticle): Promise<number> {
    const result = this.statements.insert.run({
      titulo: article.titulo,
      titulo_url: article.titulo_url,
      conteudo: article.conteudo,
      descricao: article.descricao,
      keywords: article.keywords,
      data_publicacao: article.data_publicacao ?? new Date().toISOString(),
      autor: article.autor,
      imagem_nome: article.imagem?.nome ?? null,
      imagem_caption: article.imagem?.caption ?? null,
      imagem_width: article.imagem?.width ?? null,
      imagem_height: article.imagem?.height ?? null,
    });
    const id = Number(result.lastInsertRowid);
    this.events.emit({ type: 'article-created', id });
    return id;
  }

  async get(id: number): Promise<Article | null> {
    return (this.statements.get.get(id) as Article | undefined) ?? null;
  }

  async latest(pageIndex: number, pageSize: number): Promise<Page<Article>> {
    const read = this.db.transaction(() => ({
      items: this.statements.latest.all(pageSize, (pageIndex - 1) * pageSize) as Article[],
      total: this.statements.count.get() as number,
    }));
    return read();
  }

  async summaries(): Promise<ArticleSummary[]> {
    return this.statements.summaries.all() as ArticleSummary[];
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

  async saveImageSet(set: NewImageSet): Promise<{ id: number; nome: string }> {
    const now = new Date().toISOString();
    const save = this.db.transaction(() => {
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
      for (const variant of set.variants) insert(variant, 'responsiva');
      insert(set.social, 'social');
      this.statements.touch.run(now, set.id_artigo);
      return id;
    });
    const id = save.immediate();
    this.events.emit({ type: 'image-saved', id_artigo: set.id_artigo, nome: set.nome });
    return { id, nome: set.nome };
  }

  async getImageVariant(id_artigo: number, arquivo: string): Promise<StoredImage | null> {
    return (this.statements.getVariant.get(id_artigo, arquivo) as StoredImage | undefined) ?? null;
  }

  async imageSets(articleIds: number[]): Promise<ImageSet[]> {
    const ids = [...new Set(articleIds)].filter(Number.isSafeInteger);
    if (ids.length === 0) return [];
    const list = JSON.stringify(ids);
    const read = this.db.transaction(() => ({
      masters: this.statements.masters.all(list) as MasterRow[],
      variants: this.statements.variants.all(list) as VariantRow[],
    }));
    const { masters, variants } = read();
    return toImageSets(masters, variants);
  }

  async count(): Promise<number> {
    return this.statements.count.get() as number;
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
