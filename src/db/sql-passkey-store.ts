import type { Kysely } from 'kysely';
import type { PasskeyStore, StoredPasskey } from './passkey-store.js';
import type { PasskeyTable, Schema } from './schema.js';

const toPasskey = (row: PasskeyTable): StoredPasskey => ({
  ...row,
  contador: Number(row.contador),
  transportes: row.transportes ? (JSON.parse(row.transportes) as string[]) : [],
});

/** Passkeys and their ceremonies' challenges, in either database. */
export function sqlPasskeys(db: Kysely<Schema>): PasskeyStore {
  return {
    async list(id_pessoa) {
      const rows = await db.selectFrom('passkeys').selectAll().where('id_pessoa', '=', id_pessoa).orderBy('criada_em').orderBy('id').execute();
      return rows.map(toPasskey);
    },
    async find(id) {
      const row = await db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toPasskey(row) : null;
    },
    async add(passkey) {
      await db
        .insertInto('passkeys')
        .values({ ...passkey, transportes: passkey.transportes.length > 0 ? JSON.stringify(passkey.transportes) : null, usada_em: null })
        .execute();
    },
    async used(id, contador, now) {
      await db.updateTable('passkeys').set({ contador, usada_em: now }).where('id', '=', id).execute();
    },
    async remove(id_pessoa, id) {
      const result = await db.deleteFrom('passkeys').where('id', '=', id).where('id_pessoa', '=', id_pessoa).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    async requiredRoles() {
      return (await db.selectFrom('passkey_exigida').select('papel').orderBy('papel').execute()).map((row) => row.papel);
    },
    async mustRegister(id_pessoa, papel) {
      const row = await db
        .selectFrom('passkey_exigida')
        .select('papel')
        .where('papel', '=', papel)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('passkeys').select('passkeys.id').where('passkeys.id_pessoa', '=', id_pessoa))))
        .executeTakeFirst();
      return row !== undefined;
    },
    async setRequiredRoles(roles) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('passkey_exigida').execute();
        if (roles.length > 0) await trx.insertInto('passkey_exigida').values(roles.map((papel) => ({ papel }))).execute();
      });
    },
    async saveChallenge(desafio, id_pessoa, expira_em, now) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('desafios_passkey').where('expira_em', '<=', now).execute();
        await trx.insertInto('desafios_passkey').values({ desafio, id_pessoa, expira_em }).execute();
      });
    },
    async takeChallenge(desafio, now) {
      // Deleting is the claim: of two answers to one challenge, only one finds the row.
      const row = await db.deleteFrom('desafios_passkey').where('desafio', '=', desafio).returning(['id_pessoa', 'expira_em']).executeTakeFirst();
      if (!row || row.expira_em <= now) return undefined;
      return { id_pessoa: row.id_pessoa };
    },
  };
}
