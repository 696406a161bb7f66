import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { ClaimedDelivery, Delivery, DeliveryKind, NewDelivery, OutboxStore } from './outbox-store.js';
import type { DeliveryTable, Schema } from './schema.js';
import type { SqlDialect } from './sql-dialect.js';

export const toDelivery = (row: Selectable<DeliveryTable>): Delivery => ({
  id: row.id,
  kind: row.tipo as Delivery['kind'],
  payload: JSON.parse(row.carga) as unknown,
  state: row.estado,
  attempts: Number(row.tentativas),
  nextAttemptAt: row.proxima_tentativa_em,
  takenUntil: row.reservada_ate,
  lastAnswer: row.ultima_resposta,
  idempotencyKey: row.chave,
  createdAt: row.criada_em,
  deliveredAt: row.entregue_em,
  reference: row.referencia,
});

/**
 * Adds a delivery through `db`, which may be a caller's transaction: the delivery then commits (or not)
 * with the fact that caused it.
 */
export async function enqueueDelivery(db: Kysely<Schema>, delivery: NewDelivery, now = new Date().toISOString()): Promise<{ id: string; created: boolean }> {
  const chave = delivery.idempotencyKey ?? null;
  const inserted = await db
    .insertInto('entregas')
    .values({
      id: randomUUID(),
      tipo: delivery.kind,
      carga: JSON.stringify(delivery.payload),
      estado: 'pendente',
      tentativas: 0,
      proxima_tentativa_em: now,
      reservada_ate: null,
      ultima_resposta: null,
      chave,
      criada_em: now,
      entregue_em: null,
      referencia: delivery.reference ?? null,
    })
    .onConflict((conflict) => conflict.column('chave').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  const existing = await db.selectFrom('entregas').select('id').where('chave', '=', chave).executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

/** The outbox in either database. */
export function sqlOutbox({ db, kind }: Pick<SqlDialect, 'db' | 'kind'>): OutboxStore {
  const mark = (claim: ClaimedDelivery) =>
    db.updateTable('entregas').where('id', '=', claim.id).where('estado', '=', 'enviando').where('reservada_ate', '=', claim.takenUntil);
  const changed = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows > 0n;
  return {
    enqueue: (delivery, now) => enqueueDelivery(db, delivery, now),
    claim(now, takenUntil, limit, kinds) {
      if (kinds.length === 0) return Promise.resolve([]);
      return db.transaction().execute(async (trx) => {
        const due = trx
          .selectFrom('entregas')
          .select('id')
          .where('tipo', 'in', kinds)
          .where((eb) =>
            eb.or([
              eb.and([eb('estado', '=', 'pendente'), eb('proxima_tentativa_em', '<=', now)]),
              eb.and([eb('estado', '=', 'enviando'), eb('reservada_ate', '<=', now)]),
            ]),
          )
          .orderBy('proxima_tentativa_em')
          .limit(limit);
        // PostgreSQL: rows another instance's claim holds are passed over, not waited for. SQLite has one writer: the transaction is the lock.
        const ids = (await (kind === 'postgres' ? due.forUpdate().skipLocked() : due).execute()).map((row) => row.id);
        if (ids.length === 0) return [];
        const rows = await trx
          .updateTable('entregas')
          .set((eb) => ({ estado: 'enviando', reservada_ate: takenUntil, tentativas: eb('tentativas', '+', 1) }))
          .where('id', 'in', ids)
          .returningAll()
          .execute();
        return rows.map((row) => toDelivery(row) as ClaimedDelivery);
      });
    },
    async markDelivered(claim, now, answer) {
      return changed(await mark(claim).set({ estado: 'entregue', entregue_em: now, reservada_ate: null, ultima_resposta: answer }).executeTakeFirst());
    },
    async markRetry(claim, nextAttemptAt, answer) {
      return changed(
        await mark(claim).set({ estado: 'pendente', proxima_tentativa_em: nextAttemptAt, reservada_ate: null, ultima_resposta: answer }).executeTakeFirst(),
      );
    },
    async markFailed(claim, answer) {
      return changed(await mark(claim).set({ estado: 'falhou', reservada_ate: null, ultima_resposta: answer }).executeTakeFirst());
    },
    async get(id) {
      const row = await db.selectFrom('entregas').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toDelivery(row) : undefined;
    },
    async countRecent(kind, since, now) {
      const count = (query: ReturnType<typeof ofKind>) => query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const ofKind = () => db.selectFrom('entregas').where('tipo', '=', kind);
      const [delivered, sending] = await Promise.all([
        count(ofKind().where('entregue_em', '>=', since)),
        count(ofKind().where('estado', '=', 'enviando').where('reservada_ate', '>', now)),
      ]);
      return Number(delivered.total) + Number(sending.total);
    },
    async listByReference(reference) {
      const rows = await db.selectFrom('entregas').selectAll().where('referencia', '=', reference).orderBy('criada_em', 'desc').orderBy('id').execute();
      return rows.map(toDelivery);
    },
    async requeue(id, now) {
      return changed(
        await db
          .updateTable('entregas')
          .set({ estado: 'pendente', tentativas: 0, proxima_tentativa_em: now, criada_em: now, reservada_ate: null })
          .where('id', '=', id)
          .where('estado', '=', 'falhou')
          .executeTakeFirst(),
      );
    },
    // The condition is the partial index entregas_a_fazer's own: only pending rows are read.
    async pendingByKind() {
      const rows = await db
        .selectFrom('entregas')
        .select((eb) => ['tipo', eb.fn.countAll<number>().as('pendentes'), eb.fn.min('criada_em').as('mais_antiga')])
        .where('estado', '=', 'pendente')
        .groupBy('tipo')
        .orderBy('tipo')
        .execute();
      return rows.map((row) => ({ kind: row.tipo as DeliveryKind, pending: Number(row.pendentes), oldestCreatedAt: row.mais_antiga }));
    },
  };
}
