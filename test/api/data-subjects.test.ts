import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { leadReference, type NewLead } from '../../src/db/lead-store.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.js';

const postgresUrl = inject('postgresUrl');
const backends = postgresUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
const EMAIL = 'conceicao@clinica.com.br';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const lead = (email: string): NewLead => ({
  name: 'Dra. Conceição Araújo',
  email,
  phone: '(11) 98765-4321',
  profile: 'medico-consultorio',
  professionals: null,
  specialty: 'Pediatria',
  message: null,
  origin: { page: '/noticias/7/2025/03/10/prontuario', articleId: 7, utm: {} },
});
const proof = (at: string) => ({ requestText: 'Pedido', marketingText: 'Conteúdo', version: 'v1', marketingAccepted: true, at, page: '/demonstracao', truncatedAddress: '198.51.100.0' });

describe.each(backends)('direitos dos titulares: exportar e apagar por e-mail (%s)', (backend) => {
  let t: TestApp;
  let database: ScratchDatabase | undefined;
  beforeAll(async () => {
    database = backend === 'postgres' ? await createScratchDatabase(postgresUrl!) : undefined;
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL: 'https://www.prontivo.test', ...(database ? { DATABASE_URL: database.url } : {}) } });
  });
  afterAll(async () => {
    await t.close();
    await database?.drop();
  });

  const admin = (req: request.Test) => req.set('Authorization', `Bearer ${TEST_EDITOR_KEY}`);

  it('finds an address across leads and the newsletter, erases it keeping only hashed proofs, and audits both without the address', async () => {
    const now = new Date().toISOString();
    const mine = await t.repo.leads.create(lead(EMAIL), proof(now), (created) => [{ kind: 'webhook', payload: { email: EMAIL }, reference: leadReference(created.id) }], now);
    const other = await t.repo.leads.create(lead('outra@clinica.com.br'), proof(now), () => [], now);
    await t.repo.leads.addNote({ leadId: mine.id, authorId: null, authorName: 'Marta', text: 'Ligar na terça.', createdAt: now });
    await t.repo.subscribers.signUp(
      { email: ' Conceicao@Clinica.com.br', temas: [], consentimento: { texto: 'Quero receber', versao: 'b1', em: now, pagina: '/noticias', endereco: '198.51.100.0' }, tokenHash: sha256('token'), tokenExpiraEm: new Date(Date.now() + 86_400_000).toISOString(), maxMailsPerDay: 3 },
      (_outcome, subscriber) => ({ kind: 'email', payload: { to: subscriber.email, subject: 's', text: 't', html: 'h' }, reference: `inscrito:${subscriber.id}` }),
      now,
    );

    const exported = (await admin(request(t.app).get(`/api/titulares?email=${encodeURIComponent('CONCEICAO@clinica.com.br')}`)).expect(200)).body.value;
    expect(exported.email).toBe(EMAIL);
    expect(exported.contatos).toHaveLength(1);
    expect(exported.contatos[0]).toMatchObject({ contato: { id: mine.id, email: EMAIL, consent: { truncatedAddress: '198.51.100.0' } }, notas: [{ text: 'Ligar na terça.' }], entregas: [{ kind: 'webhook' }] });
    expect(exported.boletim.inscricao).toMatchObject({ email: EMAIL, estado: 'pendente' });
    expect(exported.boletim.provas.map((item: { tipo: string }) => item.tipo)).toEqual(['inscricao']);
    expect(exported.boletim.entregas).toHaveLength(1);

    const erased = (await admin(request(t.app).delete(`/api/titulares?email=${EMAIL}`)).send({}).expect(200)).body.value;
    expect(erased).toEqual({ contatos_apagados: 1, inscricao_apagada: true });
    expect(await t.repo.outbox.listByReference(leadReference(mine.id))).toEqual([]);
    expect(await t.repo.leads.get(other.id)).toBeDefined();

    const after = (await admin(request(t.app).get(`/api/titulares?email=${EMAIL}`)).expect(200)).body.value;
    expect(after.contatos).toEqual([]);
    expect(after.boletim.inscricao).toBeNull();
    expect(after.boletim.entregas).toEqual([]);
    expect(after.provas_de_contatos_apagados).toEqual([expect.objectContaining({ emailSha256: sha256(EMAIL), version: 'v1', marketingAccepted: true })]);
    expect(after.boletim.provas).toEqual([expect.objectContaining({ tipo: 'inscricao', emailSha256: sha256(EMAIL) })]);
    expect(JSON.stringify(after.provas_de_contatos_apagados) + JSON.stringify(after.boletim.provas)).not.toContain(EMAIL);

    const { items } = (await admin(request(t.app).get('/api/auditoria')).expect(200)).body.value as { items: { acao: string; detalhes: string }[] };
    const rights = items.filter((item) => item.acao.endsWith('dados-de-titular'));
    expect(rights.map((item) => item.acao)).toEqual(['exportou-dados-de-titular', 'apagou-dados-de-titular', 'exportou-dados-de-titular']);
    for (const item of rights) {
      expect(item.detalhes).toContain(sha256(EMAIL));
      expect(item.detalhes.toLowerCase()).not.toContain('conceicao');
    }
  });

  it('is for administrators only, and asks for a valid address', async () => {
    await request(t.app).get(`/api/titulares?email=${EMAIL}`).expect(403);
    await request(t.app).delete(`/api/titulares?email=${EMAIL}`).send({}).expect(403);
    await admin(request(t.app).get('/api/titulares?email=nao-e-email')).expect(400);
    await admin(request(t.app).get('/api/titulares')).expect(400);
  });
});
