import type { EncodedImageInput, ImageSet, NewImageSet } from '../images/image-set.js';
import { flag } from './article-rows.js';
import type { ArticleWrites } from './article-writes.js';
import { imageEtag } from './image-etag.js';
import { toImageSets } from './image-set-rows.js';
import { ImageNameTakenError, type ImageStore, type StoredImage, type StoredImageInput } from './image-store.js';
import { ArticleNotFoundError } from './repository.js';
import type { VariantTable } from './schema.js';
import { SqlStore, type SqlStoreContext } from './sql-store.js';
import { yieldToEventLoop } from './yield-to-event-loop.js';

/** Largest INTEGER of PostgreSQL: ids beyond it cannot exist, and comparing with them would fail. */
const MAX_ID = 2_147_483_647;

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
      await this.writes.touchArticle(trx, set.id_artigo, now);
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
}
