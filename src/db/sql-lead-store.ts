import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import { emailSha256, normalisedEmail } from '../lib/email-address.js';
import { foldedWords, MAX_SEARCH_TERMS } from '../lib/search-text.js';
import { leadReference, type ConsentProof, type KeptConsentProof, type Lead, type LeadNote, type LeadQuery, type LeadStore, type NewLead, type Utm } from './lead-store.js';
import type { ConsentProofTable, LeadNoteTable, LeadTable, Schema } from './schema.js';
import { enqueueDelivery } from './sql-outbox-store.js';

const LEAD_COLUMNS = [
  'contatos.id',
  'contatos.nome',
  'contatos.email',
  'contatos.telefone',
  'contatos.perfil',
  'contatos.profissionais',
  'contatos.especialidade',
  'contatos.mensagem',
  'contatos.origem_pagina',
  'contatos.origem_artigo',
  'contatos.utm_source',
  'contatos.utm_medium',
  'contatos.utm_campaign',
  'contatos.utm_term',
  'contatos.utm_content',
  'contatos.estado',
  'contatos.criado_em',
  'contatos.atualizado_em',
] as const;
const PROOF_COLUMNS = [
  'provas_de_consentimento.texto_pedido',
  'provas_de_consentimento.texto_conteudo',
  'provas_de_consentimento.versao',
  'provas_de_consentimento.aceita_conteudo',
  'provas_de_consentimento.em',
  'provas_de_consentimento.pagina',
  'provas_de_consentimento.endereco_truncado',
] as const;

type ProofRow = Pick<Selectable<ConsentProofTable>, 'texto_pedido' | 'texto_conteudo' | 'versao' | 'aceita_conteudo' | 'em' | 'pagina' | 'endereco_truncado'>;
type LeadRow = Omit<Selectable<LeadTable>, 'busca'> & ProofRow;

const toProof = (row: ProofRow): ConsentProof => ({
  requestText: row.texto_pedido,
  marketingText: row.texto_conteudo,
  version: row.versao,
  marketingAccepted: Boolean(row.aceita_conteudo),
  at: row.em,
  page: row.pagina,
  truncatedAddress: row.endereco_truncado,
});

const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

/** The utm parameters the lead came with, those present only. */
function utmOf(row: Pick<LeadTable, `utm_${(typeof UTM_KEYS)[number]}`>): Utm {
  const utm: Utm = {};
  for (const key of UTM_KEYS) {
    const value = row[`utm_${key}`];
    if (value !== null) utm[key] = value;
  }
  return utm;
}

const toLead = (row: LeadRow): Lead => ({
  id: row.id,
  name: row.nome,
  email: row.email,
  phone: row.telefone,
  profile: row.perfil,
  professionals: row.profissionais,
  specialty: row.especialidade,
  message: row.mensagem,
  origin: {
    page: row.origem_pagina,
    articleId: row.origem_artigo,
    utm: utmOf(row),
  },
  state: row.estado,
  consent: toProof(row),
  createdAt: row.criado_em,
  updatedAt: row.atualizado_em,
});

const toNote = (row: Selectable<LeadNoteTable>): LeadNote => ({
  id: row.id,
  leadId: row.id_contato,
  authorId: row.id_autor,
  authorName: row.nome_autor,
  text: row.texto,
  createdAt: row.criada_em,
});

/** The words the list's search finds a lead by; the phone's digits run together too, as people type a number. */
function searchableText(lead: NewLead): string {
  const fields = [lead.name, lead.email, lead.phone, lead.phone.replace(/\D/g, ''), lead.specialty ?? '', lead.message ?? ''];
  return foldedWords(fields.join(' ')).join(' ');
}

/** The query's filters, paging aside: what the total counts. */
function matching(query: LeadQuery) {
  const words = query.text ? foldedWords(query.text).slice(0, MAX_SEARCH_TERMS) : [];
  return (eb: ExpressionBuilder<Schema, 'contatos'>) => {
    const conditions = words.map((word) => eb('contatos.busca', 'like', `%${word}%`));
    if (query.state) conditions.push(eb('contatos.estado', '=', query.state));
    if (query.page !== undefined) conditions.push(eb('contatos.origem_pagina', '=', query.page));
    if (query.articleId !== undefined) conditions.push(eb('contatos.origem_artigo', '=', query.articleId));
    if (query.campaign !== undefined) conditions.push(eb('contatos.utm_campaign', '=', query.campaign));
    return eb.and(conditions);
  };
}

/** Leads erased at once, in one transaction each: the retention sweep of 100,000 old leads holds no lock for long. */
const ERASE_BATCH = 500;

/**
 * Deletes the leads `ids` with their notes and the deliveries about them (whose payloads carry their
 * data), keeping each proof with the e-mail's sha-256 only (the foreign keys of migration 32/30 set the
 * proof's id_contato to null and take the notes). Answers how many leads went.
 */
async function eraseLeads(trx: Kysely<Schema>, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  await trx.deleteFrom('entregas').where('referencia', 'in', ids.map(leadReference)).execute();
  const result = await trx.deleteFrom('contatos').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Demonstration requests, their notes and consent proofs, in either database. */
export function sqlLeads(db: Kysely<Schema>): LeadStore {
  const leads = (trx: Kysely<Schema>) =>
    trx.selectFrom('contatos').innerJoin('provas_de_consentimento', 'provas_de_consentimento.id_contato', 'contatos.id').select([...LEAD_COLUMNS, ...PROOF_COLUMNS]);
  const read = async (trx: Kysely<Schema>, id: number) => {
    const row = await leads(trx).where('contatos.id', '=', id).executeTakeFirst();
    return row ? toLead(row) : undefined;
  };
  const notes = async (leadId: number) =>
    (await db.selectFrom('notas_de_contato').selectAll().where('id_contato', '=', leadId).orderBy('criada_em').orderBy('id').execute()).map(toNote);
  return {
    create(lead, consent, deliveries, now) {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('contatos')
          .values({
            nome: lead.name,
            email: normalisedEmail(lead.email),
            telefone: lead.phone,
            perfil: lead.profile,
            profissionais: lead.professionals,
            especialidade: lead.specialty,
            mensagem: lead.message,
            origem_pagina: lead.origin.page,
            origem_artigo: lead.origin.articleId,
            utm_source: lead.origin.utm.source ?? null,
            utm_medium: lead.origin.utm.medium ?? null,
            utm_campaign: lead.origin.utm.campaign ?? null,
            utm_term: lead.origin.utm.term ?? null,
            utm_content: lead.origin.utm.content ?? null,
            estado: 'novo',
            busca: searchableText(lead),
            criado_em: now,
            atualizado_em: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('provas_de_consentimento')
          .values({
            id_contato: id,
            email_sha256: emailSha256(lead.email),
            texto_pedido: consent.requestText,
            texto_conteudo: consent.marketingText,
            versao: consent.version,
            aceita_conteudo: consent.marketingAccepted ? 1 : 0,
            em: consent.at,
            pagina: consent.page,
            endereco_truncado: consent.truncatedAddress,
          })
          .execute();
        const created = (await read(trx, id))!;
        for (const delivery of deliveries(created)) await enqueueDelivery(trx, delivery, now);
        return created;
      });
    },
    get: (id) => read(db, id),
    async list(query) {
      let page = leads(db).where(matching(query));
      const before = query.before;
      if (before) {
        page = page.where((eb) =>
          eb.or([eb('contatos.criado_em', '<', before.createdAt), eb.and([eb('contatos.criado_em', '=', before.createdAt), eb('contatos.id', '<', before.id)])]),
        );
      }
      const [rows, count] = await Promise.all([
        page.orderBy('contatos.criado_em', 'desc').orderBy('contatos.id', 'desc').limit(query.limit).execute(),
        db
          .selectFrom('contatos')
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .where(matching(query))
          .executeTakeFirstOrThrow(),
      ]);
      return { leads: rows.map(toLead), total: Number(count.total) };
    },
    async setState(id, state, now) {
      await db.updateTable('contatos').set({ estado: state, atualizado_em: now }).where('id', '=', id).execute();
      return read(db, id);
    },
    async addNote(note) {
      const row = await db
        .insertInto('notas_de_contato')
        .values({ id_contato: note.leadId, id_autor: note.authorId, nome_autor: note.authorName, texto: note.text, criada_em: note.createdAt })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toNote(row);
    },
    notes,
    async findByEmail(email) {
      const rows = await leads(db).where('contatos.email', '=', normalisedEmail(email)).orderBy('contatos.criado_em', 'desc').orderBy('contatos.id', 'desc').execute();
      return Promise.all(rows.map(async (row) => ({ lead: toLead(row), notes: await notes(row.id) })));
    },
    eraseByEmail(email) {
      return db.transaction().execute(async (trx) => eraseLeads(trx, (await trx.selectFrom('contatos').select('id').where('email', '=', normalisedEmail(email)).execute()).map((row) => row.id)));
    },
    async keptProofs(sha256) {
      const rows = await db
        .selectFrom('provas_de_consentimento')
        .select(['email_sha256', ...PROOF_COLUMNS])
        .where('email_sha256', '=', sha256)
        .where('id_contato', 'is', null)
        .orderBy('em')
        .orderBy('id')
        .execute();
      return rows.map((row): KeptConsentProof => ({ ...toProof(row), emailSha256: row.email_sha256 }));
    },
    async deleteUnconvertedBefore(before) {
      let deleted = 0;
      for (;;) {
        const batch = await db.transaction().execute(async (trx) => {
          const ids = (await trx.selectFrom('contatos').select('id').where('criado_em', '<', before).where('estado', '<>', 'cliente').limit(ERASE_BATCH).execute()).map((row) => row.id);
          return eraseLeads(trx, ids);
        });
        deleted += batch;
        if (batch < ERASE_BATCH) return deleted;
      }
    },
  };
}
