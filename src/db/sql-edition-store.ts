import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { editionReference, type Edition, type EditionArticle, type EditionStore } from './edition-store.js';
import type { DeliveryState } from './outbox-store.js';
import type { EditionTable } from './schema.js';
import type { SqlDialect } from './sql-dialect.js';
import { editionDeliveryKey } from './subscriber-store.js';

const toEdition = (row: Selectable<EditionTable>): Edition => ({
  id: row.id,
  assunto: row.assunto,
  artigos: JSON.parse(row.artigos) as EditionArticle[],
  vaga: row.vaga,
  estado: row.estado,
  cursor: row.cursor_inscrito,
  destinatarios: Number(row.destinatarios),
  criadaEm: row.criada_em,
  criadaPor: row.criada_por,
  enviadaEm: row.enviada_em,
  ate: row.ate,
});

/** Thrown inside a batch's transaction to undo it: another instance wrote that batch first. */
class BatchTaken extends Error {}

/** Editions in either database. */
export function sqlEditions({ db }: Pick<SqlDialect, 'db' | 'kind'>): EditionStore {
  const insert = async (values: Omit<Selectable<EditionTable>, 'id' | 'cursor_inscrito' | 'destinatarios'>) => {
    const row = await db
      .insertInto('boletim_edicoes')
      .values({ id: randomUUID(), cursor_inscrito: null, destinatarios: 0, ...values })
      .onConflict((conflict) => conflict.column('vaga').doNothing())
      .returningAll()
      .executeTakeFirst();
    return row ? toEdition(row) : null;
  };
  return {
    async createManual(edition, now) {
      const created = await insert({
        assunto: edition.assunto,
        artigos: JSON.stringify(edition.artigos),
        vaga: null,
        estado: 'rascunho',
        criada_em: now,
        criada_por: edition.criadaPor,
        enviada_em: null,
        ate: null,
      });
      return created!;
    },
    createForSlot(edition, now) {
      return insert({
        assunto: edition.assunto,
        artigos: JSON.stringify(edition.artigos),
        vaga: edition.vaga,
        estado: 'preparando',
        criada_em: now,
        criada_por: null,
        enviada_em: now,
        ate: edition.ate,
      });
    },
    async lastScheduled() {
      const row = await db.selectFrom('boletim_edicoes').selectAll().where('vaga', 'is not', null).orderBy('vaga', 'desc').limit(1).executeTakeFirst();
      return row ? toEdition(row) : undefined;
    },
    async get(id) {
      const row = await db.selectFrom('boletim_edicoes').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toEdition(row) : undefined;
    },
    async list(limit) {
      const rows = await db.selectFrom('boletim_edicoes').selectAll().orderBy('criada_em', 'desc').orderBy('id').limit(limit).execute();
      return rows.map(toEdition);
    },
    async startSending(id, now) {
      const result = await db
        .updateTable('boletim_edicoes')
        .set({ estado: 'preparando', enviada_em: now })
        .where('id', '=', id)
        .where('estado', '=', 'rascunho')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async preparing() {
      const rows = await db.selectFrom('boletim_edicoes').selectAll().where('estado', '=', 'preparando').orderBy('criada_em').execute();
      return rows.map(toEdition);
    },
    async enqueueBatch(id, from, batch, now) {
      try {
        await db.transaction().execute(async (trx) => {
          const moved = await trx
            .updateTable('boletim_edicoes')
            .set((eb) => ({
              cursor_inscrito: batch.cursor,
              destinatarios: eb('destinatarios', '+', batch.subscribers.length),
              ...(batch.last ? { estado: 'enviada' as const } : {}),
            }))
            .where('id', '=', id)
            .where('estado', '=', 'preparando')
            .where((eb) => (from === null ? eb('cursor_inscrito', 'is', null) : eb('cursor_inscrito', '=', from)))
            .executeTakeFirst();
          if (moved.numUpdatedRows === 0n) throw new BatchTaken();
          if (batch.subscribers.length === 0) return;
          await trx
            .insertInto('entregas')
            .values(
              batch.subscribers.map((subscriber) => ({
                id: randomUUID(),
                tipo: 'boletim',
                carga: JSON.stringify({ edicao: id, inscrito: subscriber }),
                estado: 'pendente' as const,
                tentativas: 0,
                proxima_tentativa_em: now,
                reservada_ate: null,
                ultima_resposta: null,
                chave: editionDeliveryKey(id, subscriber),
                criada_em: now,
                entregue_em: null,
                referencia: editionReference(id),
              })),
            )
            .onConflict((conflict) => conflict.column('chave').doNothing())
            .execute();
        });
        return true;
      } catch (error) {
        if (error instanceof BatchTaken) return false;
        throw error;
      }
    },
    async progress(id, failures) {
      const reference = editionReference(id);
      const counts = await db
        .selectFrom('entregas')
        .select((eb) => ['estado', eb.fn.countAll<number>().as('total')])
        .where('referencia', '=', reference)
        .groupBy('estado')
        .execute();
      const porEstado: Record<DeliveryState, number> = { pendente: 0, enviando: 0, entregue: 0, falhou: 0 };
      for (const row of counts) porEstado[row.estado] = Number(row.total);
      const failed = await db
        .selectFrom('entregas')
        .select(['id', 'tentativas', 'ultima_resposta'])
        .where('referencia', '=', reference)
        .where('estado', '=', 'falhou')
        .orderBy('criada_em', 'desc')
        .limit(failures)
        .execute();
      return { porEstado, falhas: failed.map((row) => ({ entrega: row.id, tentativas: Number(row.tentativas), ultimaResposta: row.ultima_resposta })) };
    },
  };
}
