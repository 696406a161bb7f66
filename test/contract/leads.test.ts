import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leadReference, type ConsentProof, type NewLead } from '../../src/db/lead-store.js';
import { availableAdapters, storePerTest } from './adapters.js';

const at = (ms: number) => new Date(ms).toISOString();
const T0 = Date.parse('2025-03-10T12:00:00.000Z');

const newLead = (overrides: Partial<NewLead> = {}): NewLead => ({
  name: 'Dra. Conceição Araújo',
  email: '  Conceicao@Clinica.com.br ',
  phone: '(11) 98765-4321',
  profile: 'clinica',
  professionals: 12,
  specialty: 'Pediatria',
  message: 'Quero ver a agenda e o prontuário.',
  origin: { page: '/noticias/7/prontuario-eletronico', articleId: 7, utm: { source: 'google', campaign: 'outono' } },
  ...overrides,
});

const consent = (overrides: Partial<ConsentProof> = {}): ConsentProof => ({
  requestText: 'Usaremos seus dados para responder a este pedido.',
  marketingText: 'Quero receber conteúdos por e-mail.',
  version: '2025-03-01',
  marketingAccepted: true,
  at: at(T0),
  page: '/noticias/7/prontuario-eletronico',
  truncatedAddress: '203.0.113.0',
  ...overrides,
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(availableAdapters())('contrato dos contatos: $name', (adapter) => {
  const { repo } = storePerTest(adapter);
  const create = (lead: Partial<NewLead> = {}, ms = T0, proof: Partial<ConsentProof> = {}) => repo.leads.create(newLead(lead), consent({ at: at(ms), ...proof }), () => [], at(ms));

  it('creates a lead with its consent proof and the deliveries it causes in one transaction', async () => {
    const lead = await repo.leads.create(
      newLead(),
      consent(),
      (created) => [{ kind: 'email', payload: { to: 'vendas@prontivo.com.br', subject: `Contato ${created.id}` }, reference: `contato:${created.id}` }],
      at(T0),
    );
    expect(lead).toEqual({
      ...newLead(),
      id: lead.id,
      email: 'conceicao@clinica.com.br',
      state: 'novo',
      consent: consent(),
      createdAt: at(T0),
      updatedAt: at(T0),
    });
    expect(await repo.leads.get(lead.id)).toEqual(lead);
    const deliveries = await repo.outbox.listByReference(`contato:${lead.id}`);
    expect(deliveries.map((delivery) => [delivery.kind, delivery.payload, delivery.createdAt])).toEqual([
      ['email', { to: 'vendas@prontivo.com.br', subject: `Contato ${lead.id}` }, at(T0)],
    ]);
  });

  it('stores nothing when a delivery cannot be enqueued: lead, proof and deliveries are all or nothing', async () => {
    const failing = repo.leads.create(newLead(), consent(), () => {
      throw new Error('carga inválida');
    }, at(T0));
    await expect(failing).rejects.toThrow('carga inválida');
    expect(await repo.leads.list({ limit: 10 })).toEqual({ leads: [], total: 0 });
    expect(await repo.leads.keptProofs(sha256('conceicao@clinica.com.br'))).toEqual([]);
  });

  it('keeps absent optional fields as null and an empty utm as {}', async () => {
    const lead = await create({ profile: 'outro', professionals: null, specialty: null, message: null, origin: { page: null, articleId: null, utm: {} } });
    expect(await repo.leads.get(lead.id)).toMatchObject({ professionals: null, specialty: null, message: null, origin: { page: null, articleId: null, utm: {} } });
    expect(await repo.leads.get(lead.id + 1000)).toBeUndefined();
  });

  it('lists newest first with keyset paging and the total of every match', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 5; index++) ids.push((await create({ name: `Pessoa ${index}` }, T0 + index * 1_000)).id);
    // Two leads in the same millisecond: the id breaks the tie.
    ids.push((await create({ name: 'Pessoa 5' }, T0 + 4_000)).id);
    const newestFirst = [ids[5], ids[4], ids[3], ids[2], ids[1], ids[0]];
    const first = await repo.leads.list({ limit: 4 });
    expect(first.total).toBe(6);
    expect(first.leads.map((lead) => lead.id)).toEqual(newestFirst.slice(0, 4));
    const last = first.leads.at(-1)!;
    const second = await repo.leads.list({ limit: 4, before: { createdAt: last.createdAt, id: last.id } });
    expect(second).toMatchObject({ total: 6 });
    expect(second.leads.map((lead) => lead.id)).toEqual(newestFirst.slice(4));
  });

  it('filters by state, page, article and campaign, and counts what each filter matches', async () => {
    const a = await create({ origin: { page: '/planos', articleId: null, utm: { campaign: 'outono' } } }, T0);
    const b = await create({ origin: { page: '/noticias/7/prontuario-eletronico', articleId: 7, utm: { campaign: 'inverno' } } }, T0 + 1);
    const c = await create({ origin: { page: '/noticias/7/prontuario-eletronico', articleId: 7, utm: {} } }, T0 + 2);
    await repo.leads.setState(b.id, 'em-contato', at(T0 + 10));
    const ids = async (query: Parameters<typeof repo.leads.list>[0]) => {
      const { leads, total } = await repo.leads.list(query);
      return { ids: leads.map((lead) => lead.id), total };
    };
    expect(await ids({ limit: 10, state: 'novo' })).toEqual({ ids: [c.id, a.id], total: 2 });
    expect(await ids({ limit: 10, state: 'em-contato' })).toEqual({ ids: [b.id], total: 1 });
    expect(await ids({ limit: 10, page: '/planos' })).toEqual({ ids: [a.id], total: 1 });
    expect(await ids({ limit: 10, articleId: 7 })).toEqual({ ids: [c.id, b.id], total: 2 });
    expect(await ids({ limit: 10, campaign: 'outono' })).toEqual({ ids: [a.id], total: 1 });
    expect(await ids({ limit: 10, articleId: 7, state: 'novo' })).toEqual({ ids: [c.id], total: 1 });
    expect(await ids({ limit: 1, articleId: 7 })).toEqual({ ids: [c.id], total: 2 });
  });

  it('searches name, e-mail, phone, specialty and message ignoring accents and case', async () => {
    const ana = await create({ name: 'Ana Lúcia Gonçalves', email: 'ana@consultorio.med.br', phone: '+55 21 99999-1234', specialty: 'Dermatologia', message: 'Atendo em Niterói' }, T0);
    const bruno = await create({ name: 'Bruno Souza', email: 'bruno@exemplo.com.br', phone: '(31) 3333-0000', specialty: null, message: 'Preciso de prescrição eletrônica' }, T0 + 1);
    const found = async (text: string) => (await repo.leads.list({ limit: 10, text })).leads.map((lead) => lead.id);
    expect(await found('GONCALVES')).toEqual([ana.id]);
    expect(await found('lucia ana')).toEqual([ana.id]);
    expect(await found('dermato')).toEqual([ana.id]);
    expect(await found('niteroi')).toEqual([ana.id]);
    expect(await found('21999991234')).toEqual([ana.id]);
    expect(await found('3333-0000')).toEqual([bruno.id]);
    expect(await found('Prescricao')).toEqual([bruno.id]);
    expect(await found('exemplo.com')).toEqual([bruno.id]);
    expect(await found('br')).toEqual([bruno.id, ana.id]);
    expect(await found('ana bruno')).toEqual([]);
    expect(await repo.leads.list({ limit: 10, text: '100%_' })).toEqual({ leads: [], total: 0 });
    expect((await repo.leads.list({ limit: 10, text: 'ana', state: 'descartado' })).total).toBe(0);
  });

  it('changes the state and keeps notes in the order they were written', async () => {
    const lead = await create();
    expect(await repo.leads.setState(lead.id, 'cliente', at(T0 + 5))).toMatchObject({ state: 'cliente', updatedAt: at(T0 + 5), createdAt: at(T0) });
    expect(await repo.leads.setState(lead.id + 1000, 'cliente', at(T0 + 5))).toBeUndefined();
    const first = await repo.leads.addNote({ leadId: lead.id, authorId: null, authorName: 'Chave do editor', text: 'Liguei, retornar amanhã.', createdAt: at(T0 + 10) });
    const second = await repo.leads.addNote({ leadId: lead.id, authorId: null, authorName: 'Marta', text: 'Demonstração marcada.', createdAt: at(T0 + 20) });
    expect(first).toEqual({ id: first.id, leadId: lead.id, authorId: null, authorName: 'Chave do editor', text: 'Liguei, retornar amanhã.', createdAt: at(T0 + 10) });
    expect(await repo.leads.notes(lead.id)).toEqual([first, second]);
  });

  it('finds every lead of an e-mail however it is typed, with their notes', async () => {
    const older = await create({}, T0);
    const newer = await create({ email: 'CONCEICAO@clinica.com.br' }, T0 + 1_000);
    await create({ email: 'outra@clinica.com.br' }, T0 + 2_000);
    const note = await repo.leads.addNote({ leadId: older.id, authorId: null, authorName: 'Marta', text: 'Primeiro pedido.', createdAt: at(T0 + 10) });
    const found = await repo.leads.findByEmail(' Conceicao@CLINICA.com.br');
    expect(found).toEqual([
      { lead: newer, notes: [] },
      { lead: older, notes: [note] },
    ]);
    expect(await repo.leads.findByEmail('ninguem@clinica.com.br')).toEqual([]);
  });

  it('erases the leads of an e-mail and their notes, keeping each proof with the e-mail reduced to its sha-256', async () => {
    const lead = await create({}, T0, { marketingAccepted: false });
    await create({ email: 'conceicao@clinica.com.br' }, T0 + 1_000);
    const other = await create({ email: 'outra@clinica.com.br' }, T0 + 2_000);
    await repo.leads.addNote({ leadId: lead.id, authorId: null, authorName: 'Marta', text: 'Nota.', createdAt: at(T0 + 10) });
    expect(await repo.leads.keptProofs(sha256('conceicao@clinica.com.br'))).toEqual([]);
    expect(await repo.leads.eraseByEmail('CONCEICAO@clinica.com.br ')).toBe(2);
    expect(await repo.leads.findByEmail('conceicao@clinica.com.br')).toEqual([]);
    expect(await repo.leads.get(lead.id)).toBeUndefined();
    expect(await repo.leads.notes(lead.id)).toEqual([]);
    expect(await repo.leads.keptProofs(sha256('conceicao@clinica.com.br'))).toEqual([
      { ...consent({ at: at(T0), marketingAccepted: false }), emailSha256: sha256('conceicao@clinica.com.br') },
      { ...consent({ at: at(T0 + 1_000) }), emailSha256: sha256('conceicao@clinica.com.br') },
    ]);
    expect(await repo.leads.get(other.id)).toEqual(other);
    expect(await repo.leads.eraseByEmail('conceicao@clinica.com.br')).toBe(0);
  });

  it('erases with a lead the deliveries about it (their payloads carry its data), by e-mail and by retention alike', async () => {
    const withMail = (email: string, ms: number) =>
      repo.leads.create(newLead({ email }), consent({ at: at(ms) }), (created) => [{ kind: 'webhook', payload: { email }, reference: leadReference(created.id) }], at(ms));
    const erased = await withMail('conceicao@clinica.com.br', T0);
    const expired = await withMail('antiga@clinica.com.br', T0 + 1);
    const kept = await withMail('outra@clinica.com.br', T0 + 10_000);
    await repo.leads.eraseByEmail('conceicao@clinica.com.br');
    expect(await repo.outbox.listByReference(leadReference(erased.id))).toEqual([]);
    expect(await repo.outbox.listByReference(leadReference(expired.id))).toHaveLength(1);
    await repo.leads.deleteUnconvertedBefore(at(T0 + 5_000));
    expect(await repo.outbox.listByReference(leadReference(expired.id))).toEqual([]);
    expect((await repo.outbox.listByReference(leadReference(kept.id))).map((delivery) => delivery.payload)).toEqual([{ email: 'outra@clinica.com.br' }]);
  });

  it('deletes the leads older than the retention that did not become clients, keeping their proofs hashed', async () => {
    const old = await create({ email: 'antiga@clinica.com.br' }, T0);
    const client = await create({ email: 'cliente@clinica.com.br' }, T0 + 1);
    const recent = await create({ email: 'recente@clinica.com.br' }, T0 + 10_000);
    await repo.leads.setState(client.id, 'cliente', at(T0 + 2));
    expect(await repo.leads.deleteUnconvertedBefore(at(T0 + 5_000))).toBe(1);
    expect(await repo.leads.get(old.id)).toBeUndefined();
    expect(await repo.leads.get(client.id)).toMatchObject({ state: 'cliente' });
    expect(await repo.leads.get(recent.id)).toEqual(recent);
    expect(await repo.leads.keptProofs(sha256('antiga@clinica.com.br'))).toHaveLength(1);
  });
});
