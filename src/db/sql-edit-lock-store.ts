import { sql, type Kysely } from 'kysely';
import type { EditLockStore, Suggestion } from './edit-lock-store.js';
import type { Schema, SuggestionTable } from './schema.js';

const LOCK_COLUMNS = ['id_artigo', 'titular', 'nome', 'id_pessoa', 'desde', 'expira_em'] as const;

function suggestionOf(row: Omit<SuggestionTable, 'id' | 'titular'> & { id: number }): Suggestion {
  return { ...row, conteudo: JSON.parse(row.conteudo) as Record<string, unknown> };
}

/**
 * Editing locks in either database. Taking a lock is one INSERT … ON CONFLICT DO UPDATE guarded by
 * "free, lapsed or mine", so two instances racing for one article leave exactly one holder.
 */
export function sqlEditLocks(db: Kysely<Schema>): EditLockStore {
  const read = (id: number) => db.selectFrom('edicoes_em_curso').select(LOCK_COLUMNS).where('id_artigo', '=', id).executeTakeFirstOrThrow();
  return {
    async hold(claim, now) {
      await db
        .insertInto('edicoes_em_curso')
        .values({ ...claim, desde: now })
        .onConflict((conflict) =>
          conflict
            .column('id_artigo')
            .doUpdateSet({
              titular: (eb) => eb.ref('excluded.titular'),
              nome: (eb) => eb.ref('excluded.nome'),
              id_pessoa: (eb) => eb.ref('excluded.id_pessoa'),
              expira_em: (eb) => eb.ref('excluded.expira_em'),
              desde: sql`CASE WHEN edicoes_em_curso.titular = excluded.titular THEN edicoes_em_curso.desde ELSE excluded.desde END`,
            })
            .where((eb) => eb.or([eb('edicoes_em_curso.titular', '=', claim.titular), eb('edicoes_em_curso.expira_em', '<=', now)])),
        )
        .execute();
      return read(claim.id_artigo);
    },

    async takeOver(claim, now) {
      await db
        .insertInto('edicoes_em_curso')
        .values({ ...claim, desde: now })
        .onConflict((conflict) =>
          conflict.column('id_artigo').doUpdateSet({
            titular: (eb) => eb.ref('excluded.titular'),
            nome: (eb) => eb.ref('excluded.nome'),
            id_pessoa: (eb) => eb.ref('excluded.id_pessoa'),
            expira_em: (eb) => eb.ref('excluded.expira_em'),
            desde: (eb) => eb.ref('excluded.desde'),
          }),
        )
        .execute();
      return read(claim.id_artigo);
    },

    async current(id, now) {
      const row = await db.selectFrom('edicoes_em_curso').select(LOCK_COLUMNS).where('id_artigo', '=', id).where('expira_em', '>', now).executeTakeFirst();
      return row ?? null;
    },

    async release(id, titular) {
      await db.deleteFrom('edicoes_em_curso').where('id_artigo', '=', id).where('titular', '=', titular).execute();
    },

    async keepSuggestion({ conteudo, ...suggestion }) {
      const row = await db
        .insertInto('artigo_sugestoes')
        .values({ ...suggestion, conteudo: JSON.stringify(conteudo) })
        .onConflict((conflict) =>
          conflict.columns(['id_artigo', 'titular']).doUpdateSet({
            autor: (eb) => eb.ref('excluded.autor'),
            id_pessoa: (eb) => eb.ref('excluded.id_pessoa'),
            versao_base: (eb) => eb.ref('excluded.versao_base'),
            data: (eb) => eb.ref('excluded.data'),
            conteudo: (eb) => eb.ref('excluded.conteudo'),
          }),
        )
        .returning(['id', 'id_artigo', 'autor', 'id_pessoa', 'versao_base', 'data', 'conteudo'])
        .executeTakeFirstOrThrow();
      return suggestionOf(row);
    },

    async suggestions(id) {
      const rows = await db
        .selectFrom('artigo_sugestoes')
        .select(['id', 'id_artigo', 'autor', 'id_pessoa', 'versao_base', 'data', 'conteudo'])
        .where('id_artigo', '=', id)
        .orderBy('data', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(suggestionOf);
    },
  };
}
