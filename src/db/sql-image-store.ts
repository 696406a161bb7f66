import type { EncodedImageInput, ImageSet, NewImageSet } from '../images/image-set.js';
import { flag } from './article-rows.js';
import type { ArticleWrites } from './article-writes.js';
import { imageEtag } from './image-etag.js';
import { toImageSets, type MasterRow, type VariantRow } from './image-set-rows.js';
import { articleImagePath } from '../images/image-urls.js';
import { ImageInUseError, ImageNameTakenError, type ImageChange, type ImageStore, type LibraryImage, type LibraryIndexEntry, type StoredImage, type StoredImageInput } from './image-store.js';
import { imageUses, type ArticleImageRefs, type ImageName } from './image-uses.js';
import { ArticleNotFoundError } from './repository.js';
import type { Schema, VariantTable } from './schema.js';
import type { Kysely, Transaction } from 'kysely';
import { SqlStore, type SqlStoreContext } from './sql-store.js';
import { yieldToEventLoop } from './yield-to-event-loop.js';

/** Largest INTEGER of PostgreSQL: ids beyond it cannot exist, and comparing with them would fail. */
const MAX_ID = 2_147_483_647;
/** Ids per `IN (…)`: well under SQLite's and PostgreSQL's limits on bound parameters, whatever the library's size. */
const ID_BATCH = 500;

export class SqlImageStore extends SqlStore implements ImageStore {
  constructor(
    context: SqlStoreContext,
    private readonly writes: ArticleWrites,
  ) {
    super(context);
  }

  async saveImage(image: StoredImageInput): Promise<{ id: number; nome: string }> {
    const updatedAt = new Date().toISOString();
    const id = await this.db.transaction().execute(async (trx) => {
      await this.writes.touchArticle(trx, image.id_artigo, updatedAt);
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
    if (rows[0]) return rows[0];
    // A name another article's image has in this one (issue 34): the same bytes, under this article.
    const linked = await this.db
      .selectFrom('artigo_imagem_ligacoes as l')
      .innerJoin('artigo_imagens as i', 'i.id', 'l.id_imagem')
      .select(['i.id', 'l.id_artigo', 'l.nome', 'i.content_type', 'i.bytes', 'i.etag', 'i.updated_at'])
      .where('l.id_artigo', '=', id_artigo)
      .where('l.nome', '=', nome)
      .executeTakeFirst();
    return linked ?? null;
  }

  /**
   * One transaction, so that a crash at any point leaves nothing behind. It yields to the event loop
   * between files: other requests go on (the embedded database's reads wait for the commit, tens of
   * milliseconds for a photo's set).
   */
  async saveImageSet(set: NewImageSet): Promise<{ id: number; nome: string }> {
    const now = new Date().toISOString();
    const id = await this.db.transaction().execute(async (trx) => {
      await this.writes.touchArticle(trx, set.id_artigo, now);
      const linked = await trx.selectFrom('artigo_imagem_ligacoes').select('id_imagem').where('id_artigo', '=', set.id_artigo).where('nome', '=', set.nome).executeTakeFirst();
      if (linked) throw new ImageNameTakenError(set.id_artigo, set.nome);
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
    if (rows[0]) return rows[0];
    const linked = await this.db
      .selectFrom('artigo_imagem_variantes as v')
      .innerJoin('artigo_imagem_ligacoes as l', 'l.id_imagem', 'v.id_imagem')
      .select(['v.id', 'l.id_artigo', 'v.arquivo as nome', 'v.content_type', 'v.bytes', 'v.etag', 'v.created_at as updated_at'])
      .where('l.id_artigo', '=', id_artigo)
      .where('v.arquivo', '=', arquivo)
      .executeTakeFirst();
    return linked ?? null;
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
    // Only the columns the covering indexes hold (migrations 4 and 42): the image bytes are never read here.
    const [masters, variants, links] = await Promise.all([
      this.db.executeQuery(
        this.reads.of(`imageMasters:${ids.length}`, ids, (ids) =>
          this.db
            .selectFrom('artigo_imagens')
            .select(['id', 'id_artigo', 'nome', 'width', 'height', 'has_alpha', 'animated', 'foco_x', 'foco_y'])
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
      this.db.executeQuery(
        this.reads.of(`imageLinks:${ids.length}`, ids, (ids) =>
          this.db
            .selectFrom('artigo_imagem_ligacoes as l')
            .innerJoin('artigo_imagens as i', 'i.id', 'l.id_imagem')
            .select(['i.id', 'l.id_artigo', 'l.nome', 'i.width', 'i.height', 'i.has_alpha', 'i.animated', 'i.foco_x', 'i.foco_y'])
            .where('l.id_artigo', 'in', ids)
            .where('i.width', 'is not', null)
            .orderBy('l.id_artigo')
            .orderBy('l.created_at')
            .$narrowType<{ width: number; height: number; has_alpha: number | boolean; animated: number | boolean }>(),
        ),
      ),
    ]);
    if (links.rows.length === 0) return toImageSets(masters.rows, variants.rows);
    // By article, each article's own uploads before the images it took from the library.
    const all = [...masters.rows, ...links.rows].sort((a, b) => a.id_artigo - b.id_artigo);
    return toImageSets(all, [...variants.rows, ...(await this.linkedVariants(links.rows, ids))]);
  }

  /** The variants of linked images whose own article was not asked for (those are in the first read already). */
  private async linkedVariants(links: MasterRow[], ids: number[]): Promise<VariantRow[]> {
    const imageIds = [...new Set(links.map((link) => link.id))];
    return this.db
      .selectFrom('artigo_imagem_variantes')
      .select(['id_imagem', 'arquivo', 'papel', 'formato', 'width', 'height', 'tamanho'])
      .where('id_imagem', 'in', imageIds)
      .where('id_artigo', 'not in', ids)
      .execute();
  }

  async libraryIndex(): Promise<LibraryIndexEntry[]> {
    const [images, links] = await Promise.all([
      this.db.selectFrom('artigo_imagens').select(['id', 'id_artigo', 'nome', 'alt_padrao', 'legenda_padrao']).where('width', 'is not', null).orderBy('id', 'desc').execute(),
      this.db.selectFrom('artigo_imagem_ligacoes').select(['id_imagem', 'id_artigo']).execute(),
    ]);
    const articleIds = [...new Set([...images.map((image) => image.id_artigo), ...links.map((link) => link.id_artigo)])];
    const titles = new Map<number, string>();
    for (let at = 0; at < articleIds.length; at += ID_BATCH) {
      const rows = await this.db.selectFrom('artigos').select(['id', 'titulo']).where('id', 'in', articleIds.slice(at, at + ID_BATCH)).execute();
      for (const row of rows) titles.set(row.id, row.titulo);
    }
    const linkedTo = new Map<number, number[]>();
    for (const link of links) linkedTo.set(link.id_imagem, [...(linkedTo.get(link.id_imagem) ?? []), link.id_artigo]);
    return images.map((image) => ({
      id: image.id,
      nome: image.nome,
      alt_padrao: image.alt_padrao,
      legenda_padrao: image.legenda_padrao,
      titulos: [image.id_artigo, ...(linkedTo.get(image.id) ?? [])].map((id) => titles.get(id) ?? ''),
    }));
  }

  async libraryImages(ids: number[]): Promise<LibraryImage[]> {
    const valid = ids.filter((id) => Number.isInteger(id) && id >= 1 && id <= MAX_ID);
    return valid.length === 0 ? [] : this.libraryOf(this.db, valid);
  }

  async libraryImage(id: number): Promise<LibraryImage | null> {
    return (await this.libraryImages([id]))[0] ?? null;
  }

  /** These processed images, with their thumbnails, their names in other articles and where they are shown. */
  private async libraryOf(db: Kysely<Schema> | Transaction<Schema>, only: number[]): Promise<LibraryImage[]> {
    const images = await db
      .selectFrom('artigo_imagens')
      .select(['id', 'id_artigo', 'nome', 'width', 'height', 'foco_x', 'foco_y', 'alt_padrao', 'legenda_padrao', 'updated_at'])
      .where('width', 'is not', null)
      .where('id', 'in', only)
      .$narrowType<{ width: number; height: number }>()
      .orderBy('id', 'desc')
      .execute();
    if (images.length === 0) return [];
    const imageIds = images.map((image) => image.id);
    const [links, thumbnails] = await Promise.all([
      db.selectFrom('artigo_imagem_ligacoes').select(['id_artigo', 'nome', 'id_imagem']).where('id_imagem', 'in', imageIds).execute(),
      db
        .selectFrom('artigo_imagem_variantes')
        .select(['id_imagem', 'arquivo', 'width'])
        .where('id_imagem', 'in', imageIds)
        .where('papel', '=', 'responsiva')
        .where('formato', 'in', ['jpeg', 'png', 'gif'])
        .orderBy('width')
        .execute(),
    ]);
    const articles = await this.imageRefs(db, [...images.map((image) => image.id_artigo), ...links.map((link) => link.id_artigo)]);
    const narrowest = new Map<number, (typeof thumbnails)[number]>();
    for (const row of thumbnails) if (!narrowest.has(row.id_imagem)) narrowest.set(row.id_imagem, row);
    return images.map((image) => {
      const names: ImageName[] = [{ id_artigo: image.id_artigo, nome: image.nome }, ...links.filter((link) => link.id_imagem === image.id)];
      const thumbnail = narrowest.get(image.id);
      return {
        id: image.id,
        id_artigo: image.id_artigo,
        titulo_artigo: articles.get(image.id_artigo)?.titulo ?? '',
        nome: image.nome,
        width: image.width,
        height: image.height,
        foco: image.foco_x === null || image.foco_y === null ? null : { x: image.foco_x, y: image.foco_y },
        alt_padrao: image.alt_padrao,
        legenda_padrao: image.legenda_padrao,
        updated_at: image.updated_at,
        miniatura: articleImagePath(image.id_artigo, thumbnail?.arquivo ?? image.nome),
        usos: imageUses(names, articles),
      };
    });
  }

  private async imageRefs(db: Kysely<Schema> | Transaction<Schema>, ids: number[]): Promise<Map<number, ArticleImageRefs>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await db.selectFrom('artigos').select(['id', 'titulo', 'imagem_nome', 'conteudo', 'pendente']).where('id', 'in', unique).execute();
    return new Map(rows.map((row) => [row.id, row]));
  }

  async imageMaster(id: number): Promise<{ id_artigo: number; nome: string; bytes: Buffer } | null> {
    if (!Number.isInteger(id) || id < 1 || id > MAX_ID) return null;
    return (await this.db.selectFrom('artigo_imagens').select(['id_artigo', 'nome', 'bytes']).where('id', '=', id).where('width', 'is not', null).executeTakeFirst()) ?? null;
  }

  async linkImage(id_artigo: number, id_imagem: number): Promise<{ nome: string } | null> {
    if (!Number.isInteger(id_imagem) || id_imagem < 1 || id_imagem > MAX_ID) return null;
    const now = new Date().toISOString();
    const result = await this.db.transaction().execute(async (trx) => {
      const image = await trx.selectFrom('artigo_imagens').select(['id_artigo', 'nome']).where('id', '=', id_imagem).where('width', 'is not', null).executeTakeFirst();
      if (!image) return null;
      await this.writes.touchArticle(trx, id_artigo, now);
      if (image.id_artigo === id_artigo) return { nome: image.nome, created: false };
      const existing = await trx.selectFrom('artigo_imagem_ligacoes').select('nome').where('id_artigo', '=', id_artigo).where('id_imagem', '=', id_imagem).executeTakeFirst();
      if (existing) return { nome: existing.nome, created: false };
      const [own, linked] = await Promise.all([
        trx.selectFrom('artigo_imagens').select('nome').where('id_artigo', '=', id_artigo).execute(),
        trx.selectFrom('artigo_imagem_ligacoes').select('nome').where('id_artigo', '=', id_artigo).execute(),
      ]);
      const taken = new Set([...own, ...linked].map((row) => row.nome));
      const nome = freeName(image.nome, taken);
      await trx.insertInto('artigo_imagem_ligacoes').values({ id_artigo, nome, id_imagem, created_at: now }).execute();
      await this.dialect.announce(trx, { type: 'image-saved', id_artigo, nome });
      return { nome, created: true };
    });
    if (!result) return null;
    if (result.created) this.events.emit({ type: 'image-saved', id_artigo, nome: result.nome });
    return { nome: result.nome };
  }

  async updateImage(id: number, change: ImageChange): Promise<boolean> {
    if (!Number.isInteger(id) || id < 1 || id > MAX_ID) return false;
    const names = await this.db.transaction().execute(async (trx) => {
      const image = await trx.selectFrom('artigo_imagens').select(['id_artigo', 'nome']).where('id', '=', id).executeTakeFirst();
      if (!image) return null;
      await trx
        .updateTable('artigo_imagens')
        .set({
          ...(change.foco ? { foco_x: change.foco.x, foco_y: change.foco.y } : {}),
          ...(change.alt_padrao !== undefined ? { alt_padrao: change.alt_padrao } : {}),
          ...(change.legenda_padrao !== undefined ? { legenda_padrao: change.legenda_padrao } : {}),
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', id)
        .execute();
      if (change.social) {
        const social = change.social;
        await trx.deleteFrom('artigo_imagem_variantes').where('id_imagem', '=', id).where('papel', '=', 'social').execute();
        await trx
          .insertInto('artigo_imagem_variantes')
          .values({
            id_imagem: id,
            id_artigo: image.id_artigo,
            arquivo: social.arquivo,
            papel: 'social',
            formato: social.format,
            content_type: social.content_type,
            width: social.width,
            height: social.height,
            tamanho: social.bytes.length,
            bytes: social.bytes,
            etag: imageEtag(social.bytes),
            created_at: new Date().toISOString(),
          })
          .execute();
      }
      const links = await trx.selectFrom('artigo_imagem_ligacoes').select(['id_artigo', 'nome']).where('id_imagem', '=', id).execute();
      const names: ImageName[] = [image, ...links];
      for (const name of names) await this.dialect.announce(trx, { type: 'image-saved', ...name });
      return names;
    });
    if (!names) return false;
    // The pages of every article showing it point at the new share image: their cached copies go.
    for (const name of names) this.events.emit({ type: 'image-saved', ...name });
    return true;
  }

  async deleteImage(id: number): Promise<boolean> {
    if (!Number.isInteger(id) || id < 1 || id > MAX_ID) return false;
    const image = await this.db.transaction().execute(async (trx) => {
      const [found] = await this.libraryOf(trx, [id]);
      if (!found) return null;
      if (found.usos.length > 0) throw new ImageInUseError(found.usos);
      await trx.deleteFrom('artigo_imagem_ligacoes').where('id_imagem', '=', id).execute();
      await trx.deleteFrom('artigo_imagem_variantes').where('id_imagem', '=', id).execute();
      await trx.deleteFrom('artigo_imagens').where('id', '=', id).execute();
      await this.dialect.announce(trx, { type: 'image-saved', id_artigo: found.id_artigo, nome: found.nome });
      return found;
    });
    if (!image) return false;
    this.events.emit({ type: 'image-saved', id_artigo: image.id_artigo, nome: image.nome });
    return true;
  }
}

/** The image's own name when the article has none like it, else foto-2.jpg, foto-3.jpg… */
function freeName(nome: string, taken: ReadonlySet<string>): string {
  const dot = nome.lastIndexOf('.');
  const [base, extension] = dot > 0 ? [nome.slice(0, dot), nome.slice(dot)] : [nome, ''];
  let candidate = nome;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${base}-${n}${extension}`;
  return candidate;
}
