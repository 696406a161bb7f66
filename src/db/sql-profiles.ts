import type { Selectable } from 'kysely';
import type { Profile, Specialty, Uf, Council } from '../people/credentials.js';
import { SlugTakenError, type ProfileStore, type RepositoryEvent, type StoredProfile } from './repository.js';
import type { SqlDialect } from './sql-dialect.js';
import type { ProfileTable } from './schema.js';

const toProfile = (row: Selectable<ProfileTable>): StoredProfile => ({
  ...row,
  conselho: row.conselho as Council | null,
  uf: row.uf as Uf | null,
  especialidades: JSON.parse(row.especialidades) as Specialty[],
});

const toRow = (profile: Profile) => ({ ...profile, especialidades: JSON.stringify(profile.especialidades) });

/**
 * Public profiles, in either database. A change is announced like an article's: the pages that byline
 * the person (articles, author page) are cached on every instance.
 */
export function sqlProfiles(dialect: SqlDialect, emit: (event: RepositoryEvent) => void): ProfileStore {
  const { db } = dialect;
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
        return toProfile(row);
      });
      emit({ type: 'profile-changed', id_pessoa });
      return saved;
    },
  };
}
