import type { Selectable, Transaction } from 'kysely';
import type { EncodedImageInput, PictureSet } from '../images/image-set.js';
import { profilePhotoPath } from '../images/image-urls.js';
import { slugify } from '../lib/slug.js';
import type { Profile, Specialty, Uf, Council } from '../people/credentials.js';
import { imageEtag } from './image-etag.js';
import { type RepositoryEvent } from './repository.js';
import { SlugTakenError, type ProfileStore, type StoredProfile } from './profile-store.js';
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

/** The profile's slug is at most 80 characters; room is left for a number telling two namesakes apart. */
const SLUG_BASE_LENGTH = 72;

/** The name's slug, or the first of its numbered forms (ana-lima-2, ana-lima-3...) that no one has. */
async function freeSlug(trx: Transaction<Schema>, nome: string): Promise<string> {
  const base = slugify(nome).slice(0, SLUG_BASE_LENGTH).replace(/-+$/, '') || 'autor';
  const taken = new Set(
    (await trx.selectFrom('perfis').select('slug').where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)])).execute()).map((row) => row.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  return slug;
}

/**
 * A profile of the account's name alone, unless the person has one: their byline then links to an author
 * page before they fill anything in. A namesake who took the same slug meanwhile (another instance) is
 * skipped by reading again. True when it created one.
 */
async function createNamedProfile(trx: Transaction<Schema>, id_pessoa: number, nome: string, now: string): Promise<boolean> {
  for (;;) {
    if (await trx.selectFrom('perfis').select('id_pessoa').where('id_pessoa', '=', id_pessoa).executeTakeFirst()) return false;
    const values = { id_pessoa, nome_publico: nome, slug: await freeSlug(trx, nome), tratamento: null, profissao: '', bio: '', conselho: null, registro: null, uf: null };
    const inserted = await trx
      .insertInto('perfis')
      .values({ ...values, especialidades: '[]', atualizado_em: now })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return true;
  }
}

/**
 * Migration 25 listed the people who had no profile; each gets one of their name here, where the slug can
 * be made as at an acceptance (SQL cannot take the accents off a name).
 */
export async function createPendingProfiles(dialect: Pick<SqlDialect, 'db' | 'announce'>): Promise<void> {
  const { db } = dialect;
  const pending = await db.selectFrom('perfis_pendentes').innerJoin('pessoas', 'pessoas.id', 'perfis_pendentes.id_pessoa').select(['pessoas.id', 'pessoas.nome']).orderBy('pessoas.id').execute();
  const now = new Date().toISOString();
  for (const person of pending) {
    await db.transaction().execute(async (trx) => {
      if (await createNamedProfile(trx, person.id, person.nome, now)) await dialect.announce(trx, { type: 'profile-changed', id_pessoa: person.id });
      await trx.deleteFrom('perfis_pendentes').where('id_pessoa', '=', person.id).execute();
    });
  }
}

/** The person's photo variants, all replaced by these. */
async function replaceVariants(trx: Transaction<Schema>, id_pessoa: number, files: EncodedImageInput[], now: string): Promise<void> {
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
}

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
    async ensure(id_pessoa, nome, now) {
      const created = await db.transaction().execute(async (trx) => {
        if (!(await createNamedProfile(trx, id_pessoa, nome, now))) return false;
        await dialect.announce(trx, { type: 'profile-changed', id_pessoa });
        return true;
      });
      if (created) emit({ type: 'profile-changed', id_pessoa });
      return (await withPhoto(await db.selectFrom('perfis').selectAll().where('id_pessoa', '=', id_pessoa).executeTakeFirst()))!;
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
    async savePhoto(id_pessoa, files, now, original) {
      await changed(id_pessoa, now, async (trx) => {
        await replaceVariants(trx, id_pessoa, files, now);
        const kept = { bytes: original.bytes, largura: original.width, altura: original.height, foco_x: null, foco_y: null };
        await trx
          .insertInto('perfil_foto_originais')
          .values({ id_pessoa, ...kept })
          .onConflict((conflict) => conflict.column('id_pessoa').doUpdateSet(kept))
          .execute();
        return true;
      });
    },
    async photoOriginal(id_pessoa) {
      const row = await db.selectFrom('perfil_foto_originais').selectAll().where('id_pessoa', '=', id_pessoa).executeTakeFirst();
      if (!row) return null;
      const foco = row.foco_x === null || row.foco_y === null ? null : { x: Number(row.foco_x), y: Number(row.foco_y) };
      return { photo: { bytes: row.bytes, width: row.largura, height: row.altura }, foco };
    },
    async reframePhoto(id_pessoa, foco, files, now) {
      return changed(id_pessoa, now, async (trx) => {
        const kept = await trx.updateTable('perfil_foto_originais').set({ foco_x: foco.x, foco_y: foco.y }).where('id_pessoa', '=', id_pessoa).executeTakeFirst();
        if (Number(kept.numUpdatedRows) === 0) return false;
        await replaceVariants(trx, id_pessoa, files, now);
        return true;
      });
    },
    async removePhoto(id_pessoa, now) {
      return changed(id_pessoa, now, async (trx) => {
        await trx.deleteFrom('perfil_foto_originais').where('id_pessoa', '=', id_pessoa).execute();
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
