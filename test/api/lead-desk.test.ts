import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ConsentProof, Lead, NewLead } from '../../src/db/lead-store.js';
import { PEOPLE_MESSAGES } from '../../src/people/messages.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { LEAD_MESSAGES } from '../../src/workflow/lead-messages.js';
import { createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.js';

const SITE_URL = 'https://www.prontivo.test';
const PASSWORD = 'jabuticaba azul no telhado';
const postgresUrl = inject('postgresUrl');
const backends = postgresUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
const T0 = Date.parse('2026-03-10T15:30:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();

const newLead = (overrides: Partial<NewLead> = {}): NewLead => ({
  name: 'Dra. Conceição Araújo',
  email: 'conceicao@clinica.com.br',
  phone: '(11) 98765-4321',
  profile: 'clinica',
  professionals: 12,
  specialty: 'Pediatria',
  message: 'Quero ver a agenda; e o prontuário.',
  origin: { page: '/noticias/7/prontuario-eletronico', articleId: 7, utm: { source: 'google', campaign: 'outono' } },
  ...overrides,
});

const consent: ConsentProof = {
  requestText: 'Usaremos seus dados para responder a este pedido.',
  marketingText: 'Quero receber conteúdos por e-mail.',
  version: '2026-03-01',
  marketingAccepted: false,
  at: at(T0),
  page: '/demonstracao',
  truncatedAddress: '203.0.113.0',
};

describe.each(backends)('contatos pela API (%s)', (backend) => {
  let t: TestApp;
  let database: ScratchDatabase | undefined;
  let autora: string;
  let vendas: { id: number; cookie: string };
  const leads: Lead[] = [];

  const api = () => request(t.app);
  const admin = (req: request.Test) => req.set('Authorization', `Bearer ${TEST_EDITOR_KEY}`);
  const cookieOf = (res: request.Response) => [res.headers['set-cookie']].flat()[0]!.split(';')[0]!;
  const as = (cookie: string, req: request.Test) => req.set('Cookie', cookie).set('Origin', SITE_URL);

  async function person(nome: string, email: string, papel: string): Promise<{ id: number; cookie: string }> {
    const { id, convite_url } = (await admin(api().post('/api/pessoas/convites')).send({ nome, email, papel }).expect(200)).body.value as { id: number; convite_url: string };
    await api().post(`/api/pessoas/convites/${new URL(convite_url).pathname.split('/').at(-1)}`).send({ senha: PASSWORD }).expect(200);
    return { id, cookie: cookieOf(await api().post('/api/sessao').send({ email, senha: PASSWORD }).expect(200)) };
  }

  const create = (lead: Partial<NewLead>, ms: number) => t.repo.leads.create(newLead(lead), { ...consent, at: at(ms) }, () => [], at(ms));

  beforeAll(async () => {
    database = backend === 'postgres' ? await createScratchDatabase(postgresUrl!) : undefined;
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL, ...(database ? { DATABASE_URL: database.url } : {}) } });
    autora = (await person('Ana Autora', 'ana@clinica.com.br', 'autor')).cookie;
    vendas = await person('Vera Vendas', 'vera@clinica.com.br', 'colaborador');
    leads.push(await create({}, T0));
    leads.push(await create({ name: '=HYPERLINK("http://mal.example","clique")', email: 'joao@consultorio.com.br', phone: '+55 11 91234-5678', profile: 'medico-consultorio', professionals: null, specialty: 'Cardiologia', message: null, origin: { page: '/preco-prontuario-eletronico', articleId: null, utm: {} } }, T0 + 60_000));
    leads.push(await create({ name: 'Márcia Gestora', email: 'marcia@hospital.com.br', profile: 'secretaria-gestor', professionals: null, specialty: null, origin: { page: '/', articleId: null, utm: { campaign: 'inverno' } } }, T0 + 120_000));
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('keeps the leads from whoever lacks ver-contatos, and an administrator grants and withdraws it', async () => {
    for (const cookie of [autora, vendas.cookie]) {
      expect((await as(cookie, api().get('/api/contatos')).expect(403)).body.messages).toEqual([PEOPLE_MESSAGES.forbidden]);
      await as(cookie, api().get(`/api/contatos/${leads[0]!.id}`)).expect(403);
      await as(cookie, api().get('/api/contatos.csv')).expect(403);
      await as(cookie, api().patch(`/api/contatos/${leads[0]!.id}`)).send({ estado: 'cliente' }).expect(403);
      await as(cookie, api().post(`/api/contatos/${leads[0]!.id}/notas`)).send({ texto: 'Oi' }).expect(403);
    }
    await api().get('/api/contatos').expect(403);
    expect((await admin(api().get('/api/contatos')).expect(200)).body.value.total).toBe(3);

    // Nobody but an administrator grants it, not even to themself.
    await as(vendas.cookie, api().patch(`/api/pessoas/${vendas.id}`)).send({ permissoes: ['ver-contatos'] }).expect(403);
    await admin(api().patch(`/api/pessoas/${vendas.id}`)).send({ permissoes: ['ver-tudo'] }).expect(400);
    const granted = await admin(api().patch(`/api/pessoas/${vendas.id}`)).send({ permissoes: ['ver-contatos'] }).expect(200);
    expect(granted.body.value).toMatchObject({ id: vendas.id, papel: 'colaborador', permissoes: ['ver-contatos'] });
    expect((await admin(api().get('/api/pessoas')).expect(200)).body.value).toContainEqual(expect.objectContaining({ id: vendas.id, permissoes: ['ver-contatos'] }));
    expect((await as(vendas.cookie, api().get('/api/contatos')).expect(200)).body.value.total).toBe(3);
    await as(autora, api().get('/api/contatos')).expect(403);

    await admin(api().patch(`/api/pessoas/${vendas.id}`)).send({ permissoes: [] }).expect(200);
    await as(vendas.cookie, api().get('/api/contatos')).expect(403);
    await admin(api().patch(`/api/pessoas/${vendas.id}`)).send({ permissoes: ['ver-contatos'] }).expect(200);

    const audit = (await admin(api().get('/api/auditoria?acao=alterou-permissoes')).expect(200)).body.value.items as { detalhes: string }[];
    expect(audit.map((entry) => JSON.parse(entry.detalhes) as unknown)).toEqual([
      { id_pessoa: vendas.id, permissoes: ['ver-contatos'] },
      { id_pessoa: vendas.id, permissoes: [] },
      { id_pessoa: vendas.id, permissoes: ['ver-contatos'] },
    ]);
  });

  it('lists newest first with the total, searches ignoring accents and filters by state and origin', async () => {
    const list = async (query: string) => {
      const value = (await as(vendas.cookie, api().get(`/api/contatos${query}`)).expect(200)).body.value as { contatos: Lead[]; total: number; proxima: string | null };
      return { ids: value.contatos.map((lead) => lead.id), total: value.total, proxima: value.proxima };
    };
    const [conceicao, joao, marcia] = leads.map((lead) => lead.id);
    expect(await list('')).toEqual({ ids: [marcia, joao, conceicao], total: 3, proxima: null });
    expect(await list('?texto=conceicao')).toMatchObject({ ids: [conceicao], total: 1 });
    expect(await list('?texto=CARDIOLOGIA')).toMatchObject({ ids: [joao] });
    expect(await list('?artigo=7')).toMatchObject({ ids: [conceicao] });
    expect(await list(`?pagina=${encodeURIComponent('/preco-prontuario-eletronico')}`)).toMatchObject({ ids: [joao] });
    expect(await list('?campanha=inverno')).toMatchObject({ ids: [marcia] });
    expect(await list('?estado=novo')).toMatchObject({ total: 3 });
    expect(await list('?estado=cliente')).toMatchObject({ ids: [], total: 0 });
    expect((await as(vendas.cookie, api().get('/api/contatos?estado=ganho')).expect(400)).body.messages).toEqual([LEAD_MESSAGES.stateInvalid]);
    expect((await as(vendas.cookie, api().get('/api/contatos?antes=ontem')).expect(400)).body.messages).toEqual([LEAD_MESSAGES.cursorInvalid]);
  });

  it('pages with the cursor of the last lead shown, however many arrive meanwhile', async () => {
    const many = [];
    for (let i = 0; i < 51; i++) many.push(await create({ name: `Paginação ${i}`, email: `p${i}@clinica.com.br`, origin: { page: '/', articleId: null, utm: { campaign: 'paginacao' } } }, T0 - (i + 1) * 1_000));
    const first = (await as(vendas.cookie, api().get('/api/contatos?campanha=paginacao')).expect(200)).body.value as { contatos: Lead[]; total: number; proxima: string };
    expect(first.contatos).toHaveLength(50);
    expect(first.total).toBe(51);
    const arrived = await create({ name: 'Chegou agora', email: 'agora@clinica.com.br', origin: { page: '/', articleId: null, utm: { campaign: 'paginacao' } } }, Date.now());
    const second = (await as(vendas.cookie, api().get(`/api/contatos?campanha=paginacao&antes=${encodeURIComponent(first.proxima)}`)).expect(200)).body.value as { contatos: Lead[]; proxima: string | null };
    expect(second.contatos.map((lead) => lead.name)).toEqual(['Paginação 50']);
    expect(second.proxima).toBeNull();
    for (const lead of [...first.contatos, ...second.contatos, arrived]) await t.repo.leads.setState(lead.id, 'descartado', at(T0));
  });

  it('changes the state and adds notes, both audited; the record exports the lead with its proof, notes and deliveries', async () => {
    const id = leads[0]!.id;
    expect((await as(vendas.cookie, api().patch(`/api/contatos/${id}`)).send({ estado: 'em-contato' }).expect(200)).body.value).toMatchObject({ id, state: 'em-contato' });
    await as(vendas.cookie, api().patch(`/api/contatos/${id}`)).send({ estado: 'perdido' }).expect(400);
    await as(vendas.cookie, api().patch('/api/contatos/999999')).send({ estado: 'cliente' }).expect(404);
    // A session's write from another site is refused.
    await api().patch(`/api/contatos/${id}`).set('Cookie', vendas.cookie).set('Origin', 'https://outro.example').send({ estado: 'cliente' }).expect(403);

    const note = (await as(vendas.cookie, api().post(`/api/contatos/${id}/notas`)).send({ texto: '  Ligar na terça às 10h.  ' }).expect(200)).body.value;
    expect(note).toMatchObject({ leadId: id, authorId: vendas.id, authorName: 'Vera Vendas', text: 'Ligar na terça às 10h.' });
    expect((await as(vendas.cookie, api().post(`/api/contatos/${id}/notas`)).send({ texto: '   ' }).expect(400)).body.messages).toEqual([LEAD_MESSAGES.noteMissing]);
    await as(vendas.cookie, api().post('/api/contatos/999999/notas')).send({ texto: 'Nada' }).expect(404);

    const record = (await as(vendas.cookie, api().get(`/api/contatos/${id}`)).expect(200)).body.value;
    expect(record.contato).toMatchObject({ id, name: 'Dra. Conceição Araújo', state: 'em-contato', consent: { ...consent, at: at(T0) } });
    expect(record.notas).toEqual([note]);
    expect(record.entregas).toEqual([]);
    await as(vendas.cookie, api().get('/api/contatos/999999')).expect(404);

    const actions = (await admin(api().get(`/api/auditoria?pessoa=${vendas.id}`)).expect(200)).body.value.items as { acao: string; detalhes: string }[];
    const about = (acao: string) => actions.filter((entry) => entry.acao === acao).map((entry) => JSON.parse(entry.detalhes) as unknown);
    expect(about('mudou-estado-contato')).toEqual([{ id_contato: id, estado: 'em-contato' }]);
    expect(about('anotou-contato')).toEqual([{ id_contato: id, id_nota: note.id }]);
    expect(about('exportou-contato-json')).toEqual([{ id_contato: id }]);
  });

  it('exports CSV as Excel in pt-BR opens it: BOM, semicolons, CRLF, accents intact, formulas neutralised, one row per lead, audited', async () => {
    const res = await as(vendas.cookie, api().get('/api/contatos.csv?estado=novo').buffer(true).parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    })).expect(200);
    const bytes = res.body as Buffer;
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="contatos-\d{4}-\d\d-\d\d\.csv"$/);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.split('\r\n').length).toBeGreaterThan(2);
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');

    const rows: string[][] = parse(bytes, { bom: true, delimiter: ';' });
    const [header, ...body] = rows;
    expect(header!.slice(0, 6)).toEqual(['Número', 'Data', 'Nome', 'E-mail', 'Telefone', 'Perfil']);
    // The lead moved to em-contato above is filtered out; the paging test's were discarded.
    expect(body.map((row) => Number(row[0]))).toEqual([leads[2]!.id, leads[1]!.id]);
    const column = (name: string) => header!.indexOf(name);
    const [marcia, joao] = body;
    expect(marcia![column('Nome')]).toBe('Márcia Gestora');
    expect(marcia![column('Data')]).toBe('10/03/2026 12:32');
    expect(marcia![column('Perfil')]).toBe('Secretária(o) ou gestor(a)');
    expect(marcia![column('utm_campaign')]).toBe('inverno');
    expect(joao![column('Nome')]).toBe(`'=HYPERLINK("http://mal.example","clique")`);
    expect(joao![column('Telefone')]).toBe(`'+55 11 91234-5678`);
    expect(joao![column('Especialidade')]).toBe('Cardiologia');
    expect(joao![column('Aceita receber conteúdo')]).toBe('Não');

    const all: string[][] = parse((await admin(api().get('/api/contatos.csv')).buffer(true).expect(200)).text, { bom: true, delimiter: ';' });
    expect(all).toHaveLength(1 + 3 + 52);
    expect(new Set(all.slice(1).map((row) => row[0])).size).toBe(3 + 52);
    expect(all.find((row) => row[0] === String(leads[0]!.id))![column('Mensagem')]).toBe('Quero ver a agenda; e o prontuário.');

    const audit = (await admin(api().get('/api/auditoria?acao=exportou-contatos-csv')).expect(200)).body.value.items as { id_pessoa: number | null; detalhes: string }[];
    expect(audit.map((entry) => [entry.id_pessoa, JSON.parse(entry.detalhes) as unknown])).toEqual([
      [null, { filtro: {} }],
      [vendas.id, { filtro: { estado: 'novo' } }],
    ]);
  });

  it('sends a failed delivery of the lead again under the same id, and refuses another lead’s or one not failed', async () => {
    const [mine, other] = [leads[1]!.id, leads[2]!.id];
    const { id } = await t.repo.outbox.enqueue({ kind: 'webhook', payload: { contato: mine }, reference: `contato:${mine}` });
    const { id: pending } = await t.repo.outbox.enqueue({ kind: 'webhook', payload: { contato: mine, outra: true }, reference: `contato:${mine}` });
    const now = Date.now() + 1_000;
    const [claimed] = (await t.repo.outbox.claim(at(now), at(now + 60_000), 10, ['webhook'])).filter((delivery) => delivery.id === id);
    expect(await t.repo.outbox.markFailed(claimed!, 'HTTP 500 do CRM')).toBe(true);

    const listed = (await as(vendas.cookie, api().get(`/api/contatos/${mine}`)).expect(200)).body.value.entregas as { id: string; state: string; lastAnswer: string | null }[];
    expect(listed.find((delivery) => delivery.id === id)).toMatchObject({ state: 'falhou', lastAnswer: 'HTTP 500 do CRM' });

    expect((await as(vendas.cookie, api().post(`/api/contatos/${other}/entregas/${id}/reenviar`)).send({}).expect(404)).body.messages).toEqual([LEAD_MESSAGES.deliveryNotFound]);
    await as(autora, api().post(`/api/contatos/${mine}/entregas/${id}/reenviar`)).send({}).expect(403);
    const resent = (await as(vendas.cookie, api().post(`/api/contatos/${mine}/entregas/${id}/reenviar`)).send({}).expect(200)).body.value;
    expect(resent).toMatchObject({ id, kind: 'webhook', state: 'pendente', attempts: 0 });
    expect(await t.repo.outbox.get(id)).toMatchObject({ id, state: 'pendente', payload: { contato: mine } });
    expect((await as(vendas.cookie, api().post(`/api/contatos/${mine}/entregas/${id}/reenviar`)).send({}).expect(409)).body.messages).toEqual([LEAD_MESSAGES.deliveryNotFailed]);
    await as(vendas.cookie, api().post(`/api/contatos/${mine}/entregas/${pending}/reenviar`)).send({}).expect(409);
    await as(vendas.cookie, api().post(`/api/contatos/${mine}/entregas/nao-e-um-id/reenviar`)).send({}).expect(400);

    const audit = (await admin(api().get('/api/auditoria?acao=reenviou-entrega')).expect(200)).body.value.items as { id_pessoa: number; detalhes: string }[];
    expect(audit.map((entry) => [entry.id_pessoa, JSON.parse(entry.detalhes) as unknown])).toEqual([[vendas.id, { id_contato: mine, id_entrega: id, tipo: 'webhook' }]]);
  });
});
