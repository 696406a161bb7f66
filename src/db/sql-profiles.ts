import type { Selectable, Transaction } from 'kysely';
import type { PictureSet } from '../images/image-set.js';
import { profilePhotoPath } from '../images/image-urls.js';
import type { Profile, Specialty, Uf, Council } from '../people/credentials.js';
import { imageEtag } from './image-etag.js';
import { SlugTakenError, type ProfileStore, type RepositoryEvent, type StoredProfile } from './repository.js';
import type { SqlDialect } from './sql-dialect.js';
import type { ProfilePhotoTable, ProfileTable, Schema } from './schema.js';

type PhotoRow = Pick<Selectable<ProfilePhotoTable>, 'arquivo' | 'formato' | 'largura' | 'altura' | 'tamanho'>;

/** The variants as a <picture> takes them; the largest JPEG stands for the photo (Person.image). */
function toPhoto(id_pessoa: number, rows: PhotoRow[]): PictureSet | null {
  const variants = rows
    .map((row) => ({ format: row.formato, width: row.largura, height: row.altura, url: profilePhotoPath(id_pessoa, row.arquivo), bytes: row.tamanho }))
    .sort((a, b) => a.format.localeCompare(b.format) || a.width - b.width);
  const largest = variants.filter((variant) => variant.format === 'jpeg').at(-1);
  return largest ? { width: largest.width, height: largest.height, masterUrl: largest.url, variants } : null;
}

const toProfile = (row: Selectable<ProfileTable>, photo: PhotoRow[]): StoredProfile => ({
  ...row,
  conselho: row.conselho as Council | null,
  uf: row.uf as Uf | null,
  especialidades: JSON.parse(row.especialidades) as Specialty[],
  foto: toPhoto(row.id_pessoa, photo),
});

const toRow = (profile: Profile) => ({ ...profile, especialidades: JSON.stringify(profile.especialidades) });

/**
 * Public profiles, in either database. A change is announced like an article's: the pages that byline
 * the person (articles, author page) are cached on every instance. So is a new or removed photo.
 */
export function sqlProfiles(dialect: SqlDialect, emit: (event: RepositoryEvent) => void): ProfileStore {
  const { db } = dialect;
  // Only the names and sizes: the bytes are read when a variant is asked for.
  const photoOf = (id_pessoa: number) =>
    db.selectFrom('perfil_fotos').select(['arquivo', 'formato', 'largura', 'altura', 'tamanho']).where('id_pessoa', '=', id_pessoa).execute();
  const withPhoto = async (row: Selectable<ProfileTable> | undefined) => (row ? toProfile(row, await photoOf(row.id_pessoa)) : null);
  // The photo is part of what the author page shows, so its change dates the profile (ProfilePage.dateModified).
  // `write` says whether it changed anything: a removal of no photo neither dates nor announces.
  const changed = async (id_pessoa: number, now: string, write: (trx: Transaction<Schema>) => Promise<boolean>) => {
    const did = await db.transaction().execute(async (trx) => {
      if (!(await write(trx))) return false;
      await trx.updateTable('perfis').set({ atualizado_em: now }).where('id_pessoa', '=', id_pessoa).execute();
      await dialect.announce(trx, { type: 'profile-changed', id_pessoa });
      return true;
    });
    if (did) emit({ type: 'profile-changed', id_pessoa });
    return did;
  };
  return {
    async get(id_pessoa) {
      return withPhoto(await db.selectFrom('perfis').selectAll().where('id_pessoa', '=', id_pessoa).executeTakeFirst());
    },
    async bySlug(slug) {
      return withPhoto(await db.selectFrom('perfis').selectAll().where('slug', '=', slug).executeTakeFirst());
    },
    async save(id_pessoa, profile, now) {
      const saved = await db.transaction().execute(async (trx) => {
        const taken = await trx.selectFrom('perfis').select('id_pessoa').where('slug', '=', profile.slug).where('id_pessoa', '!=', id_pessoa).executeTakeFirst();
        if (taken) throw new SlugTakenError(profile.slug);
        const values = { ...toRow(profile), atualizado_em: now };
        const row = await trx
          .insertInto('perfis')
          .values({ id_pessoa, ...values })
          .onConflict((conflict) => conflict.column('id_pessoa').doUpdateSet(values))
          .returningAll()
          .executeTakeFirstOrThrow();
        await dialect.announce(trx, { type: 'profile-changed', id_pessoa });
        return row;
      });
      emit({ type: 'profile-changed', id_pessoa });
      return toProfile(saved, await photoOf(id_pessoa));
    },
    async savePhoto(id_pessoa, files, now) {
      await changed(id_pessoa, now, async (trx) => {
        await trx.deleteFrom('perfil_fotos').where('id_pessoa', '=', id_pessoa).execute();
        await trx
          .insertInto('perfil_fotos')
          .values(
            files.map((file) => ({
              id_pessoa,
              arquivo: file.arquivo,
              formato: file.format,
              content_type: file.content_type,
              largura: file.width,
              altura: file.height,
              tamanho: file.bytes.length,
              bytes: file.bytes,
              etag: imageEtag(file.bytes),
              criado_em: now,
            })),
          )
          .execute();
        return true;
      });
    },
    async removePhoto(id_pessoa, now) {
      return changed(id_pessoa, now, async (trx) => {
        const result = await trx.deleteFrom('perfil_fotos').where('id_pessoa', '=', id_pessoa).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },
    async photoFile(id_pessoa, arquivo) {
      const row = await db
        .selectFrom('perfil_fotos')
        .select(['arquivo as nome', 'content_type', 'bytes', 'etag', 'criado_em as updated_at'])
        .where('id_pessoa', '=', id_pessoa)
        .where('arquivo', '=', arquivo)
        .executeTakeFirst();
      return row ?? null;
    },
  };
}
