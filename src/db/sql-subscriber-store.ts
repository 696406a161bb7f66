import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { emailSha256, normalisedEmail } from '../lib/email-address.js';
import type { Schema, SubscriberTable } from './schema.js';
import type { SqlDialect } from './sql-dialect.js';
import { enqueueDelivery, toDelivery } from './sql-outbox-store.js';
import {
  editionDeliveryKey,
  subscriberReference,
  type Subscriber,
  type SignUp,
  type SubscriberState,
  type SubscriberStore,
  type SubscriptionProof,
} from './subscriber-store.js';

const DAY_MS = 86_400_000;
/** Subscribers erased per transaction by the retention's sweep. */
const ERASE_BATCH = 500;


const toSubscriber = (row: Selectable<SubscriberTable>): Subscriber => ({
  id: row.id,
  email: row.email,
  estado: row.estado,
  temas: JSON.parse(row.temas) as string[],
  falhasPermanentes: Number(row.falhas_permanentes),
  criadoEm: row.criado_em,
  confirmadoEm: row.confirmado_em,
  canceladoEm: row.cancelado_em,
  canceladoComo: row.cancelado_como,
  tokenExpiraEm: row.token_expira_em,
  consentimento: {
    texto: row.consentimento_texto,
    versao: row.consentimento_versao,
    em: row.consentimento_em,
    pagina: row.consentimento_pagina,
    endereco: row.consentimento_endereco,
  },
});

type Proof = Omit<SubscriptionProof, 'emailSha256' | 'texto' | 'versao' | 'pagina' | 'endereco' | 'modo'> &
  Partial<Pick<SubscriptionProof, 'texto' | 'versao' | 'pagina' | 'endereco' | 'modo'>>;

function addProof(db: Kysely<Schema>, subscriber: { id: string; email: string }, proof: Proof) {
  return db
    .insertInto('boletim_provas')
    .values({
      email_sha256: emailSha256(subscriber.email),
      id_inscrito: subscriber.id,
      tipo: proof.tipo,
      em: proof.em,
      texto: proof.texto ?? null,
      versao: proof.versao ?? null,
      pagina: proof.pagina ?? null,
      endereco: proof.endereco ?? null,
      modo: proof.modo ?? null,
    })
    .execute();
}

/** A sign-up's campaign as stored: one column per utm parameter, null when absent. */
const campaignColumns = (utm: SignUp['utm'] = {}) => ({ utm_source: utm.source ?? null, utm_medium: utm.medium ?? null, utm_campaign: utm.campaign ?? null });

/** Confirmation e-mails sent within the day that began at `since`, and where the day starts after this one. */
function mailWindow(row: Pick<SubscriberTable, 'envios_confirmacao' | 'envios_desde'> | undefined, now: string) {
  const open = row?.envios_desde != null && Date.parse(row.envios_desde) + DAY_MS > Date.parse(now);
  return open ? { sent: Number(row.envios_confirmacao), since: row.envios_desde! } : { sent: 0, since: now };
}

/** The newsletter's subscribers in either database. */
export function sqlSubscribers({ db, kind }: Pick<SqlDialect, 'db' | 'kind'>): SubscriberStore {
  const lockedRow = (trx: Transaction<Schema>, where: (query: ReturnType<typeof selectAll>) => ReturnType<typeof selectAll>) => {
    const query = where(selectAll(trx));
    return (kind === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  };
  const selectAll = (trx: Kysely<Schema>) => trx.selectFrom('boletim_inscritos').selectAll();

  return {
    signUp(request, mail, now) {
      return db.transaction().execute(async (trx) => {
        const email = normalisedEmail(request.email);
        // A new address is inserted first (nothing if another request did it), so the row below exists and is locked.
        await trx
          .insertInto('boletim_inscritos')
          .values({
            id: randomUUID(),
            email,
            estado: 'pendente',
            temas: JSON.stringify(request.temas),
            token_hash: null,
            token_expira_em: null,
            falhas_permanentes: 0,
            envios_confirmacao: 0,
            envios_desde: null,
            criado_em: now,
            confirmado_em: null,
            cancelado_em: null,
            cancelado_como: null,
            consentimento_texto: request.consentimento.texto,
            consentimento_versao: request.consentimento.versao,
            consentimento_em: request.consentimento.em,
            consentimento_pagina: request.consentimento.pagina,
            consentimento_endereco: request.consentimento.endereco,
            ...campaignColumns(request.utm),
          })
          .onConflict((conflict) => conflict.column('email').doNothing())
          .execute();
        const row = (await lockedRow(trx, (query) => query.where('email', '=', email)))!;
        const window = mailWindow(row, now);
        if (window.sent >= request.maxMailsPerDay) return 'limite';
        const counted = { envios_confirmacao: window.sent + 1, envios_desde: window.since };
        const subscriber = { id: row.id, email };
        if (row.estado === 'confirmado') {
          await trx.updateTable('boletim_inscritos').set(counted).where('id', '=', row.id).execute();
          await enqueueDelivery(trx, await mail('ja-confirmado', subscriber), now);
          return 'ja-confirmado';
        }
        await trx
          .updateTable('boletim_inscritos')
          .set({
            ...counted,
            estado: 'pendente',
            temas: JSON.stringify(request.temas),
            token_hash: request.tokenHash,
            token_expira_em: request.tokenExpiraEm,
            consentimento_texto: request.consentimento.texto,
            consentimento_versao: request.consentimento.versao,
            consentimento_em: request.consentimento.em,
            consentimento_pagina: request.consentimento.pagina,
            consentimento_endereco: request.consentimento.endereco,
            ...campaignColumns(request.utm),
          })
          .where('id', '=', row.id)
          .execute();
        await addProof(trx, subscriber, { tipo: 'inscricao', ...request.consentimento });
        await enqueueDelivery(trx, await mail('confirmar', subscriber), now);
        return 'confirmar';
      });
    },

    confirm(tokenHash, now, endereco) {
      return db.transaction().execute(async (trx) => {
        const row = await lockedRow(trx, (query) => query.where('token_hash', '=', tokenHash));
        if (!row || row.estado !== 'pendente') return { unknown: true as const };
        if (row.token_expira_em === null || row.token_expira_em <= now) return { expired: true as const };
        const confirmed = await trx
          .updateTable('boletim_inscritos')
          .set({ estado: 'confirmado', confirmado_em: now, token_hash: null, token_expira_em: null, falhas_permanentes: 0, cancelado_em: null, cancelado_como: null })
          .where('id', '=', row.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await addProof(trx, row, { tipo: 'confirmacao', em: now, endereco });
        return { confirmed: toSubscriber(confirmed) };
      });
    },

    async peekToken(tokenHash, now) {
      const row = await db.selectFrom('boletim_inscritos').select(['estado', 'token_expira_em']).where('token_hash', '=', tokenHash).executeTakeFirst();
      if (!row || row.estado !== 'pendente') return 'desconhecido';
      return row.token_expira_em !== null && row.token_expira_em > now ? 'valido' : 'expirado';
    },

    async get(id) {
      const row = await selectAll(db).where('id', '=', id).executeTakeFirst();
      return row ? toSubscriber(row) : undefined;
    },

    unsubscribe(id, how, now) {
      return db.transaction().execute(async (trx) => {
        const row = await lockedRow(trx, (query) => query.where('id', '=', id));
        if (!row) return false;
        if (row.estado === 'cancelado') return true;
        await trx
          .updateTable('boletim_inscritos')
          .set({ estado: 'cancelado', cancelado_em: now, cancelado_como: how, token_hash: null, token_expira_em: null })
          .where('id', '=', id)
          .execute();
        await addProof(trx, row, { tipo: 'cancelamento', em: now, modo: how });
        return true;
      });
    },

    async setTopics(id, temas) {
      const result = await db
        .updateTable('boletim_inscritos')
        .set({ temas: JSON.stringify(temas) })
        .where('id', '=', id)
        .where('estado', '=', 'confirmado')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async recordPermanentFailure(id, limit) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('boletim_inscritos').set((eb) => ({ falhas_permanentes: eb('falhas_permanentes', '+', 1) })).where('id', '=', id).execute();
        await trx
          .updateTable('boletim_inscritos')
          .set({ estado: 'invalido' })
          .where('id', '=', id)
          .where('estado', '=', 'confirmado')
          .where('falhas_permanentes', '>=', limit)
          .execute();
      });
    },

    async confirmedAfter(afterId, limit) {
      let query = db.selectFrom('boletim_inscritos').select(['id', 'temas']).where('estado', '=', 'confirmado');
      if (afterId !== null) query = query.where('id', '>', afterId);
      const rows = await query.orderBy('id').limit(limit).execute();
      return rows.map((row) => ({ id: row.id, temas: JSON.parse(row.temas) as string[] }));
    },

    async counts() {
      const rows = await db.selectFrom('boletim_inscritos').select((eb) => ['estado', eb.fn.countAll<number>().as('total')]).groupBy('estado').execute();
      const counts: Record<SubscriberState, number> = { pendente: 0, confirmado: 0, cancelado: 0, invalido: 0 };
      for (const row of rows) counts[row.estado] = Number(row.total);
      return counts;
    },

    async deleteUnconfirmedBefore(before) {
      // A pending subscription's age is its last sign-up's (consentimento_em): an address that left and signs up again starts anew.
      const stale = await db.selectFrom('boletim_inscritos').select('id').where('estado', '=', 'pendente').where('consentimento_em', '<', before).execute();
      let deleted = 0;
      for (let start = 0; start < stale.length; start += ERASE_BATCH) {
        const ids = stale.slice(start, start + ERASE_BATCH).map((row) => row.id);
        deleted += await db.transaction().execute(async (trx) => {
          await trx.updateTable('boletim_provas').set({ id_inscrito: null }).where('id_inscrito', 'in', ids).execute();
          await trx.deleteFrom('entregas').where('referencia', 'in', ids.map(subscriberReference)).execute();
          const result = await trx.deleteFrom('boletim_inscritos').where('id', 'in', ids).where('estado', '=', 'pendente').executeTakeFirst();
          return Number(result.numDeletedRows);
        });
      }
      return deleted;
    },

    async findByEmail(email) {
      const normal = normalisedEmail(email);
      const row = await selectAll(db).where('email', '=', normal).executeTakeFirst();
      const proofs = await db.selectFrom('boletim_provas').selectAll().where('email_sha256', '=', emailSha256(normal)).orderBy('em').orderBy('id').execute();
      const deliveries = row
        ? await db
            .selectFrom('entregas')
            .selectAll()
            .where((eb) => eb.or([eb('referencia', '=', subscriberReference(row.id)), eb('chave', 'like', editionDeliveryKey('%', row.id))]))
            .orderBy('criada_em')
            .execute()
        : [];
      return {
        subscriber: row ? toSubscriber(row) : null,
        proofs: proofs.map((proof) => ({
          tipo: proof.tipo,
          em: proof.em,
          emailSha256: proof.email_sha256,
          texto: proof.texto,
          versao: proof.versao,
          pagina: proof.pagina,
          endereco: proof.endereco,
          modo: proof.modo,
        })),
        deliveries: deliveries.map(toDelivery),
      };
    },

    eraseByEmail(email) {
      return db.transaction().execute(async (trx) => {
        const row = await lockedRow(trx, (query) => query.where('email', '=', normalisedEmail(email)));
        if (!row) return false;
        await trx.updateTable('boletim_provas').set({ id_inscrito: null }).where('id_inscrito', '=', row.id).execute();
        await trx
          .deleteFrom('entregas')
          .where((eb) => eb.or([eb('referencia', '=', subscriberReference(row.id)), eb('chave', 'like', editionDeliveryKey('%', row.id))]))
          .execute();
        await trx.deleteFrom('boletim_inscritos').where('id', '=', row.id).execute();
        return true;
      });
    },
  };
}
