import type { Kysely, Selectable } from 'kysely';
import type { Profile, Specialty, Uf, Council } from '../people/credentials.js';
import { SlugTakenError, type ProfileStore, type StoredProfile } from './repository.js';
import type { ProfileTable, Schema } from './schema.js';

const toProfile = (row: Selectable<ProfileTable>): StoredProfile => ({
  ...row,
  conselho: row.conselho as Council | null,
  uf: row.uf as Uf | null,
  especialidades: JSON.parse(row.especialidades) as Specialty[],
});

const toRow = (profile: Profile) => ({ ...profile, especialidades: JSON.stringify(profile.especialidades) });

/** Public profiles, in either database. */
export function sqlProfiles(db: Kysely<Schema>): ProfileStore {
  return {
    async get(id_pessoa) {
      const row = await db.selectFrom('perfis').selectAll().where('id_pessoa', '=', id_pessoa).executeTakeFirst();
      return row ? toProfile(row) : null;
    },
    async bySlug(slug) {
      const row = await db.selectFrom('perfis').selectAll().where('slug', '=', slug).executeTakeFirst();
      return row ? toProfile(row) : null;
    },
    async save(id_pessoa, profile, now) {
      return db.transaction().execute(async (trx) => {
        const taken = await trx.selectFrom('perfis').select('id_pessoa').where('slug', '=', profile.slug).where('id_pessoa', '!=', id_pessoa).executeTakeFirst();
        if (taken) throw new SlugTakenError(profile.slug);
        const values = { ...toRow(profile), atualizado_em: now };
        const row = await trx
          .insertInto('perfis')
          .values({ id_pessoa, ...values })
          .onConflict((conflict) => conflict.column('id_pessoa').doUpdateSet(values))
          .returningAll()
          .executeTakeFirstOrThrow();
        return toProfile(row);
      });
    },
  };
}
