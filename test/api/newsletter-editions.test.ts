import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/messages.js';
import { PEOPLE_MESSAGES } from '../../src/people/messages.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { latestSlot } from '../../src/lib/weekly-slots.js';
import type { PeriodicTask } from '../../src/lib/periodic-task.js';
import { createDueEdition, fanOut, startNewsletter } from '../../src/workflow/newsletter-editions.js';
import { MANUAL_EDITION_MESSAGES } from '../../src/workflow/newsletter-manual.js';
import { silentLogger } from '../contract/adapters.js';
import { createArticle, createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { startMailInbox, type MailInbox } from '../support/mail-inbox.js';

const SITE_URL = 'https://www.prontivo.test';
const PASSWORD = 'jabuticaba azul no telhado';
const DAY = 86_400_000;

async function until(what: string, done: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: não aconteceu em ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The editors' newsletter API on SQLite: who may use it, what it refuses, and an edition from draft to every delivery made. */
describe('edições do boletim pela API (SQLite, servidor SMTP local)', () => {
  let inbox: MailInbox;
  let t: TestApp;
  let newsletter: PeriodicTask;
  let editora: string;
  let colaborador: string;
  const articles: Record<'gestao' | 'receita' | 'rascunho', number> = { gestao: 0, receita: 0, rascunho: 0 };

  const api = () => request(t.app);
  const key = (req: request.Test) => req.set('Authorization', `Bearer ${TEST_EDITOR_KEY}`);
  const as = (cookie: string, req: request.Test) => req.set('Cookie', cookie).set('Origin', SITE_URL);
  const cookieOf = (res: request.Response) => [res.headers['set-cookie']].flat()[0]!.split(';')[0]!;

  async function person(nome: string, email: string, papel: string): Promise<string> {
    const { convite_url } = (await key(api().post('/api/pessoas/convites')).send({ nome, email, papel }).expect(200)).body.value as { convite_url: string };
    await api().post(`/api/pessoas/convites/${new URL(convite_url).pathname.split('/').at(-1)}`).send({ senha: PASSWORD }).expect(200);
    return cookieOf(await api().post('/api/sessao').send({ email, senha: PASSWORD }).expect(200));
  }

  async function subscriber(email: string, temas: string[]): Promise<void> {
    const now = new Date().toISOString();
    const consentimento = { texto: 't', versao: 'v', em: now, pagina: null, endereco: null };
    await t.repo.subscribers.signUp({ email, temas, consentimento, tokenHash: `h-${email}`, tokenExpiraEm: new Date(Date.now() + DAY).toISOString(), maxMailsPerDay: 3 }, () => ({ kind: 'webhook', payload: {} }), now);
    await t.repo.subscribers.confirm(`h-${email}`, now, null);
  }

  beforeAll(async () => {
    inbox = await startMailInbox();
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL, SMTP_URL: inbox.url, OUTBOX_INTERVAL_MS: '50', NEWSLETTER_RATE_PER_MINUTE: '1000' } });
    // What server.ts runs beside the outbox: the tick that fans an edition out to its subscribers.
    newsletter = startNewsletter(t.repo, t.config.site, t.deps.newsletterLinks, t.config.newsletter, 50, silentLogger);
    editora = await person('Edna Editora', 'edna@clinica.com.br', 'editor');
    colaborador = await person('Caio Colaborador', 'caio@clinica.com.br', 'colaborador');
    // The invitations leave through the outbox; wait for them so no later count mistakes one for an edition.
    await inbox.next('edna@clinica.com.br');
    await inbox.next('caio@clinica.com.br');
    articles.gestao = (await createArticle(t.repo, { titulo: 'Agenda sem faltas', temas: ['Gestão'] })).id;
    articles.receita = (await createArticle(t.repo, { titulo: 'Receita digital no consultório', temas: ['Receita digital'] })).id;
    articles.rascunho = (await createArticle(t.repo, { titulo: 'Ainda não publicado', status: 'rascunho' })).id;
    await subscriber('todos@clinica.com.br', []);
    await subscriber('gestao@clinica.com.br', ['gestao']);
    await subscriber('cardio@clinica.com.br', ['cardiologia']);
  });
  afterAll(async () => {
    await newsletter?.stop();
    await t?.close();
    await inbox?.close();
  });

  const edition = { artigos: [0, 0], assunto: 'Novidades da semana' };
  const both = () => ({ ...edition, artigos: [articles.gestao, articles.receita] });

  it('refuses no credentials (403, as the whole API does), a session that ended (401) and a colaborador (403), on every endpoint', async () => {
    const ended = `${colaborador.split('=')[0]}=sessao-que-acabou`;
    const id = (await key(api().post('/api/boletins')).send(both()).expect(200)).body.value.id as string;
    const calls = [
      () => api().post('/api/boletins').send(both()),
      () => api().get(`/api/boletins/${id}`),
      () => api().get(`/api/boletins/${id}/previa`),
      () => api().post(`/api/boletins/${id}/teste`).send({}),
      () => api().post(`/api/boletins/${id}/enviar`).send({}),
    ];
    for (const call of calls) {
      expect((await call().expect(403)).body.messages).toEqual([MESSAGES.keyMissing]);
      await as(ended, call()).expect(401);
      expect((await as(colaborador, call()).expect(403)).body.messages).toEqual([PEOPLE_MESSAGES.forbidden]);
    }
    expect((await key(api().get(`/api/boletins/${id}`)).expect(200)).body.value.estado).toBe('rascunho');
  });

  it('refuses an edition with no articles, an unpublished article or an empty subject, and stores nothing', async () => {
    const before = (await t.repo.editions.list(100)).length;
    const noArticles = await as(editora, api().post('/api/boletins')).send({ ...both(), artigos: [] }).expect(400);
    expect(noArticles.body.messages).toContain('Escolha pelo menos um artigo.');
    const noSubject = await as(editora, api().post('/api/boletins')).send({ ...both(), assunto: '   ' }).expect(400);
    expect(noSubject.body.messages).toContain('Escreva o assunto.');
    // A well-formed request naming a draft: the schema passes it, the rule refuses it (422, as the endpoint documents).
    const unpublished = await as(editora, api().post('/api/boletins')).send({ ...both(), artigos: [articles.gestao, articles.rascunho] }).expect(422);
    expect(unpublished.body.messages).toEqual([MANUAL_EDITION_MESSAGES.notPublic]);
    await as(editora, api().post('/api/boletins')).send({ ...both(), artigos: [999_999] }).expect(422);
    expect((await t.repo.editions.list(100)).length).toBe(before);
  });

  it('creates, previews with utm, tests to the person (409 with an editor key), sends to every delivery made, and refuses a second send', async () => {
    const id = (await as(editora, api().post('/api/boletins')).send(both()).expect(200)).body.value.id as string;

    const preview = await as(editora, api().get(`/api/boletins/${id}/previa`)).expect(200);
    expect(preview.headers['content-type']).toMatch(/^text\/html/);
    expect(preview.headers['content-security-policy']).toContain('sandbox');
    for (const title of ['Agenda sem faltas', 'Receita digital no consultório']) expect(preview.text).toContain(title);
    expect(preview.text).toContain('utm_source=newsletter');
    expect(preview.text).not.toMatch(/<script/i);

    const since = inbox.received.length;
    expect((await as(editora, api().post(`/api/boletins/${id}/teste`)).send({}).expect(200)).body.value).toEqual({ para: 'edna@clinica.com.br' });
    const test = await inbox.next('edna@clinica.com.br', since);
    expect(test.subject).toBe('[Teste] Novidades da semana');
    expect(test.text).toContain('utm_source=newsletter');
    const keyTest = await key(api().post(`/api/boletins/${id}/teste`)).send({}).expect(409);
    expect(keyTest.body.messages).toEqual([MANUAL_EDITION_MESSAGES.noAddress]);
    // Nothing reached the subscribers: a test and a preview send no edition.
    expect(inbox.received.slice(since).flatMap((mail) => mail.to)).toEqual(['edna@clinica.com.br']);

    const sent = await as(editora, api().post(`/api/boletins/${id}/enviar`)).send({}).expect(200);
    expect(sent.body.value.estado).not.toBe('rascunho');
    await until('todas as entregas feitas', async () => {
      const view = (await as(editora, api().get(`/api/boletins/${id}`)).expect(200)).body.value;
      return view.estado === 'enviada' && view.progresso.entregue === 2;
    });
    const view = (await as(editora, api().get(`/api/boletins/${id}`)).expect(200)).body.value;
    expect(view).toMatchObject({ destinatarios: 2, progresso: { pendente: 0, enviando: 0, entregue: 2, falhou: 0 }, falhas: [], tipo: 'manual' });
    // Each subscriber gets the articles of their topics; one whose topics have none gets nothing.
    const all = await inbox.next('todos@clinica.com.br', since);
    expect(all.text).toContain('Agenda sem faltas');
    expect(all.text).toContain('Receita digital no consultório');
    const gestao = await inbox.next('gestao@clinica.com.br', since);
    expect(gestao.text).toContain('Agenda sem faltas');
    expect(gestao.text).not.toContain('Receita digital no consultório');
    expect(inbox.received.some((mail) => mail.to.includes('cardio@clinica.com.br'))).toBe(false);

    expect((await as(editora, api().post(`/api/boletins/${id}/enviar`)).send({}).expect(409)).body.messages).toEqual([MANUAL_EDITION_MESSAGES.alreadySent]);
    await key(api().post(`/api/boletins/${id}/enviar`)).send({}).expect(409);
    expect((await as(editora, api().get(`/api/boletins/${id}`)).expect(200)).body.value.progresso.entregue).toBe(2);
    await as(editora, api().get('/api/boletins/00000000-0000-4000-8000-000000000000')).expect(404);
  });

  it('a scheduled edition holds only the articles published since the previous one', async () => {
    const schedule = t.config.newsletter.schedule;
    const first = await createDueEdition(t.repo, t.config.site, t.deps.newsletterLinks, t.config.newsletter, latestSlot(schedule, Date.now() + 7 * DAY) + 1_000);
    expect(first?.artigos.map((article) => article.id).sort()).toEqual([articles.gestao, articles.receita].sort());
    await fanOut(t.repo, first!);
    const nextSlot = latestSlot(schedule, Date.now() + 14 * DAY);
    const fresh = await createArticle(t.repo, { titulo: 'Telemedicina em 2027', data_publicacao: new Date(nextSlot - DAY).toISOString() });
    const second = await createDueEdition(t.repo, t.config.site, t.deps.newsletterLinks, t.config.newsletter, nextSlot + 1_000);
    expect(second?.artigos.map((article) => article.id)).toEqual([fresh.id]);
  });
});
