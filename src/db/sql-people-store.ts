import type { ExpressionBuilder, Kysely } from 'kysely';
import { EmailTakenError, LastAdministratorError, type InvitationOutcome, type NewPasswordReset, type OneTimeLink, type PeopleStore, type Person } from './people-store.js';
import type { Schema } from './schema.js';
import { GRANTS, type Grant } from '../people/roles.js';
import type { SqlDialect } from './sql-dialect.js';
import { endCredentials } from './credential-revocation.js';
import { enqueueDelivery } from './sql-outbox-store.js';

const PERSON_COLUMNS = ['id', 'nome', 'email', 'papel', 'ativo', 'criada_em', 'permissoes'] as const;
/** The same columns where a query joins pessoas to another table. */
export const JOINED_PERSON_COLUMNS = ['pessoas.id', 'pessoas.nome', 'pessoas.email', 'pessoas.papel', 'pessoas.ativo', 'pessoas.criada_em', 'pessoas.permissoes'] as const;

type PersonRow = Omit<Person, 'ativo' | 'permissoes'> & { ativo: number | boolean; permissoes: string };

/** The stored JSON array, keeping only rights this version knows (one withdrawn from the code grants nothing). */
const grants = (json: string): Grant[] => {
  const stored: unknown = JSON.parse(json);
  return Array.isArray(stored) ? GRANTS.filter((grant) => stored.includes(grant)) : [];
};
export const toPerson = (row: PersonRow): Person => ({ ...row, ativo: Boolean(row.ativo), permissoes: grants(row.permissoes) });

/** Whether a one-time link, read with its person, can be used at `now`. */
function linkState(row: (PersonRow & { usado_em: string | null; expira_em: string }) | undefined, now: string): OneTimeLink {
  if (!row) return { refused: 'unknown' };
  if (row.usado_em !== null) return { refused: 'used' };
  if (row.expira_em <= now) return { refused: 'expired' };
  const { usado_em: _used, expira_em: _expires, ...person } = row;
  return { person: toPerson(person) };
}

type Who = { email: string } | { id: number };
const isPerson = (who: Who) => (eb: ExpressionBuilder<Schema, 'pessoas'>) =>
  eb.and(['email' in who ? eb('email', '=', who.email.trim().toLowerCase()) : eb('id', '=', who.id), eb('ativo', '=', 1)]);

/** People, their invitations and their password reset links, in either database. */
export function sqlPeople({ db, timestampType }: Pick<SqlDialect, 'db' | 'timestampType'>): PeopleStore {
  const get = async (id: number) => {
    const row = await db.selectFrom('pessoas').select(PERSON_COLUMNS).where('id', '=', id).executeTakeFirst();
    return row ? toPerson(row) : null;
  };
  const readReset = (trx: Kysely<Schema>, token_hash: string) =>
    trx
      .selectFrom('redefinicoes_senha')
      .innerJoin('pessoas', 'pessoas.id', 'redefinicoes_senha.id_pessoa')
      .select([...JOINED_PERSON_COLUMNS, 'redefinicoes_senha.usado_em', 'redefinicoes_senha.expira_em'])
      .where('redefinicoes_senha.token_hash', '=', token_hash)
      .where('pessoas.ativo', '=', 1)
      .executeTakeFirst();
  const startReset = (who: Who, reset: NewPasswordReset, now: string) =>
    db.transaction().execute(async (trx) => {
      await trx.deleteFrom('redefinicoes_senha').where('expira_em', '<=', now).execute();
      const person = await trx.selectFrom('pessoas').select(PERSON_COLUMNS).where(isPerson(who)).executeTakeFirst();
      // Inserts from the same lookup rather than from `person`, so that an unknown address runs this statement too (inserting nothing).
      await trx
        .insertInto('redefinicoes_senha')
        .columns(['token_hash', 'id_pessoa', 'expira_em'])
        .expression((eb) =>
          eb
            .selectFrom('pessoas')
            .select((inner) => [inner.val(reset.token_hash).as('token_hash'), 'id', inner.cast<string>(inner.val(reset.expira_em), timestampType).as('expira_em')])
            .where(isPerson(who)),
        )
        .execute();
      return person ? toPerson(person) : null;
    });
  return {
    async invite(person, invitation, delivery) {
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
        const invited = toPerson(row);
        if (delivery) await enqueueDelivery(trx, delivery(invited));
        return invited;
      });
    },
    async pendingInvitations() {
      return db
        .selectFrom('convites')
        .innerJoin('pessoas', 'pessoas.id', 'convites.id_pessoa')
        .select(['convites.id_pessoa', (eb) => eb.fn.max('convites.expira_em').as('expira_em')])
        .where('pessoas.senha_hash', 'is', null)
        .where('convites.usado_em', 'is', null)
        .groupBy('convites.id_pessoa')
        .orderBy('convites.id_pessoa')
        .execute();
    },
    async resendInvitation(id_pessoa, invitation, delivery) {
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('pessoas').select([...PERSON_COLUMNS, 'senha_hash']).where('id', '=', id_pessoa).executeTakeFirst();
        if (!row) return { refused: 'absent' as const };
        if (row.senha_hash !== null) return { refused: 'accepted' as const };
        await trx.deleteFrom('convites').where('id_pessoa', '=', id_pessoa).where('usado_em', 'is', null).execute();
        await trx.insertInto('convites').values({ ...invitation, id_pessoa, usado_em: null }).execute();
        const { senha_hash: _none, ...person } = row;
        const invited = toPerson(person);
        if (delivery) await enqueueDelivery(trx, delivery(invited));
        return { person: invited };
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
    async invitation(token_hash, now) {
      const row = await db
        .selectFrom('convites')
        .innerJoin('pessoas', 'pessoas.id', 'convites.id_pessoa')
        .select([...JOINED_PERSON_COLUMNS, 'convites.usado_em', 'convites.expira_em'])
        .where('convites.token_hash', '=', token_hash)
        .executeTakeFirst();
      return linkState(row, now);
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
    async setPassword(id, senha_hash, { now, keepSession }) {
      return db.transaction().execute(async (trx) => {
        await trx.updateTable('pessoas').set({ senha_hash }).where('id', '=', id).execute();
        return endCredentials(trx, id, now, 'troca-de-senha', keepSession);
      });
    },
    async update(id, change) {
      return db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom('pessoas').select(PERSON_COLUMNS).where('id', '=', id).executeTakeFirst();
        if (!current) return null;
        const next = { papel: change.papel ?? current.papel, ativo: change.ativo ?? Boolean(current.ativo), permissoes: change.permissoes ?? grants(current.permissoes) };
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
          .set({ papel: next.papel, ativo: next.ativo ? 1 : 0, permissoes: JSON.stringify(GRANTS.filter((grant) => next.permissoes.includes(grant))) })
          .where('id', '=', id)
          .returning(PERSON_COLUMNS)
          .executeTakeFirstOrThrow();
        if (!next.ativo) await endCredentials(trx, id, new Date().toISOString(), 'desativacao');
        return toPerson(row);
      });
    },
    requestPasswordReset: (email, reset, now) => startReset({ email }, reset, now),
    issuePasswordReset: (id, reset, now) => startReset({ id }, reset, now),
    async passwordReset(token_hash, now) {
      return linkState(await readReset(db, token_hash), now);
    },
    async completePasswordReset(token_hash, senha_hash, now) {
      return db.transaction().execute(async (trx) => {
        const state = linkState(await readReset(trx, token_hash), now);
        if ('refused' in state) return state;
        // The claim: of two tabs sending the same link, one sets the password and the other is told it was used.
        const claimed = await trx
          .updateTable('redefinicoes_senha')
          .set({ usado_em: now })
          .where('token_hash', '=', token_hash)
          .where('usado_em', 'is', null)
          .executeTakeFirst();
        if (claimed.numUpdatedRows === 0n) return { refused: 'used' };
        const id = state.person.id;
        // An older link still in a mailbox must not undo the new password.
        await trx.updateTable('redefinicoes_senha').set({ usado_em: now }).where('id_pessoa', '=', id).where('usado_em', 'is', null).execute();
        await trx.updateTable('pessoas').set({ senha_hash }).where('id', '=', id).execute();
        // Whoever knew the old password may still have a session or have made a key: a reset ends them all.
        return { person: state.person, revokedKeys: await endCredentials(trx, id, now, 'redefinicao-de-senha') };
      });
    },
  };
}
