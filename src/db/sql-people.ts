import type { Kysely } from 'kysely';
import { EmailTakenError, LastAdministratorError, type InvitationOutcome, type PeopleStore, type Person } from './repository.js';
import type { Schema } from './schema.js';

export const PERSON_COLUMNS = ['id', 'nome', 'email', 'papel', 'ativo', 'criada_em'] as const;

type PersonRow = Omit<Person, 'ativo'> & { ativo: number | boolean };
export const toPerson = (row: PersonRow): Person => ({ ...row, ativo: Boolean(row.ativo) });

/** People and their invitations, in either database. */
export function sqlPeople(db: Kysely<Schema>): PeopleStore {
  const get = async (id: number) => {
    const row = await db.selectFrom('pessoas').select(PERSON_COLUMNS).where('id', '=', id).executeTakeFirst();
    return row ? toPerson(row) : null;
  };
  return {
    async invite(person, invitation) {
      const email = person.email.toLowerCase();
      return db.transaction().execute(async (trx) => {
        const taken = await trx.selectFrom('pessoas').select('id').where('email', '=', email).executeTakeFirst();
        if (taken) throw new EmailTakenError(email);
        const row = await trx
          .insertInto('pessoas')
          .values({ ...person, email, ativo: 1, senha_hash: null, criada_em: new Date().toISOString() })
          .returning(PERSON_COLUMNS)
          .executeTakeFirstOrThrow();
        await trx.insertInto('convites').values({ ...invitation, id_pessoa: row.id, usado_em: null }).execute();
        return toPerson(row);
      });
    },
    async acceptInvitation(token_hash, senha_hash, now): Promise<InvitationOutcome> {
      return db.transaction().execute(async (trx) => {
        const invitation = await trx.selectFrom('convites').selectAll().where('token_hash', '=', token_hash).executeTakeFirst();
        if (!invitation) return { refused: 'unknown' };
        if (invitation.usado_em !== null) return { refused: 'used' };
        if (invitation.expira_em <= now) return { refused: 'expired' };
        // The claim: of two tabs sending the same link, one sets the password and the other is told it was used.
        const claimed = await trx
          .updateTable('convites')
          .set({ usado_em: now })
          .where('token_hash', '=', token_hash)
          .where('usado_em', 'is', null)
          .executeTakeFirst();
        if (claimed.numUpdatedRows === 0n) return { refused: 'used' };
        const row = await trx
          .updateTable('pessoas')
          .set({ senha_hash })
          .where('id', '=', invitation.id_pessoa)
          .returning(PERSON_COLUMNS)
          .executeTakeFirstOrThrow();
        return { accepted: toPerson(row) };
      });
    },
    get,
    async invited(token_hash) {
      const invitation = await db.selectFrom('convites').select('id_pessoa').where('token_hash', '=', token_hash).executeTakeFirst();
      return invitation ? get(invitation.id_pessoa) : null;
    },
    async findByEmail(email) {
      const row = await db
        .selectFrom('pessoas')
        .select([...PERSON_COLUMNS, 'senha_hash'])
        .where('email', '=', email.trim().toLowerCase())
        .executeTakeFirst();
      return row ? { ...toPerson(row), senha_hash: row.senha_hash } : null;
    },
    async list() {
      return (await db.selectFrom('pessoas').select(PERSON_COLUMNS).orderBy('nome').orderBy('id').execute()).map(toPerson);
    },
    async updateProfile(id, profile) {
      const email = profile.email.trim().toLowerCase();
      return db.transaction().execute(async (trx) => {
        const taken = await trx.selectFrom('pessoas').select('id').where('email', '=', email).where('id', '!=', id).executeTakeFirst();
        if (taken) throw new EmailTakenError(email);
        const row = await trx.updateTable('pessoas').set({ nome: profile.nome, email }).where('id', '=', id).returning(PERSON_COLUMNS).executeTakeFirst();
        return row ? toPerson(row) : null;
      });
    },
    async setPassword(id, senha_hash) {
      await db.updateTable('pessoas').set({ senha_hash }).where('id', '=', id).execute();
    },
    async update(id, change) {
      return db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom('pessoas').select(PERSON_COLUMNS).where('id', '=', id).executeTakeFirst();
        if (!current) return null;
        const next = { papel: change.papel ?? current.papel, ativo: change.ativo ?? Boolean(current.ativo) };
        const wasAdministrator = current.papel === 'administrador' && Boolean(current.ativo);
        if (wasAdministrator && (next.papel !== 'administrador' || !next.ativo)) {
          const { others } = await trx
            .selectFrom('pessoas')
            .select((eb) => eb.fn.countAll<number>().as('others'))
            .where('papel', '=', 'administrador')
            .where('ativo', '=', 1)
            .where('id', '!=', id)
            .executeTakeFirstOrThrow();
          if (others === 0) throw new LastAdministratorError();
        }
        const row = await trx
          .updateTable('pessoas')
          .set({ papel: next.papel, ativo: next.ativo ? 1 : 0 })
          .where('id', '=', id)
          .returning(PERSON_COLUMNS)
          .executeTakeFirstOrThrow();
        return toPerson(row);
      });
    },
  };
}
