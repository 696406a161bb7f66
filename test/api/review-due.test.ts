import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../src/people/credentials.js';
import type { Role } from '../../src/people/roles.js';
import { secretDigest } from '../../src/lib/secret-token.js';
import { REVIEW_MESSAGES } from '../../src/workflow/review-messages.js';
import { createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { validateHtml } from '../support/vnu.js';
import { jsonLdOfType } from './news-html.js';

const SITE_URL = 'https://www.prontivo.test';

const doctor = (nome_publico: string, slug: string, registro: string): Profile => ({
  nome_publico,
  slug,
  tratamento: 'Dr.',
  profissao: 'MÉDICO',
  bio: '',
  conselho: 'CRM',
  registro,
  uf: 'SP',
  especialidades: [],
});

/** Text of an HTML fragment as a reader sees it. */
const visibleText = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** Review due dates, the queue's API and public corrections (issue 33), with a clock the test controls. */
describe('datas de revisão médica, fila de revisões e correções', () => {
  let t: TestApp;
  const keys: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const documents: Record<string, string> = {};

  async function person(name: string, papel: Role, profile?: Profile) {
    const invited = await t.repo.people.invite({ nome: name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@clinica.com.br`, papel }, { token_hash: `convite-${name}`, expira_em: new Date(Date.now() + 86_400_000).toISOString() });
    if (profile) await t.repo.profiles.save(invited.id, profile, '2026-11-20T12:00:00.000Z');
    const key = `prv_teste_${name.replace(/\W+/g, '')}`;
    await t.repo.personalKeys.create(invited.id, 'testes', secretDigest(key), new Date().toISOString());
    keys[name] = key;
    ids[name] = invited.id;
  }

  const api = () => request(t.app);
  const as = (name: string, req: request.Test) => req.set('Authorization', `Bearer ${keys[name]}`);
  const asAdmin = (req: request.Test) => req.set('Authorization', `Bearer ${TEST_EDITOR_KEY}`);
  const article = (titulo_url: string, extra: object = {}) => ({
    titulo: `Hipertensão: ${titulo_url}`,
    titulo_url,
    descricao: 'O que a pressão alta pede no dia a dia do consultório.',
    keywords: 'hipertensão',
    conteudo: '<p>Medir a pressão com regularidade ajuda a ajustar o tratamento.</p>',
    ...extra,
  });
  const pageOf = async (id: number) => {
    const redirect = await api().get(`/noticias/${id}`).expect(301);
    return (await api().get(redirect.headers.location as string).expect(200)).text;
  };
  const reviewBox = (page: string) => visibleText(/<p class="article-review">(.*?)<\/p>/s.exec(page)![1]!);
  /** A clinical article written by Ana, approved by João for `meses`, published by Edu. */
  async function publishedClinical(slug: string, meses?: number) {
    const id = (await as('Ana Souza', api().post('/api/artigos/novo')).send(article(slug, { clinico: true, status: 'rascunho' })).expect(200)).body.value as number;
    const approved = (await as('João Lima', api().post(`/api/artigos/${id}/revisao-medica`)).send(meses === undefined ? {} : { meses }).expect(200)).body.value as Record<string, unknown>;
    await as('Edu Rocha', api().post(`/api/artigos/${id}/status`)).send({ status: 'publicado' }).expect(200);
    return { id, approved };
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { SITE_URL, REVIEW_INTERVAL_MONTHS: '6' } });
    await person('Ana Souza', 'autor', doctor('Ana Souza', 'ana-souza', '123456'));
    await person('João Lima', 'revisor', doctor('João Lima', 'joao-lima', '654321'));
    await person('Paulo Reis', 'revisor', doctor('Paulo Reis', 'paulo-reis', '777777'));
    await person('Edu Rocha', 'editor');
    await person('Carla Dias', 'colaborador');
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  it('sets the next review on approval (REVIEW_INTERVAL_MONTHS by default, meses from 3 to 36), in the approval and in both reads', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-31T15:00:00Z'));
    const byDefault = await publishedClinical('padrao');
    expect(byDefault.approved).toMatchObject({ revisor: 'Dr. João Lima', proxima_revisao: '2030-07-31' });
    const chosen = await publishedClinical('tres-meses', 3);
    // 31 January + 3 months: the last day of April.
    expect(chosen.approved.proxima_revisao).toBe('2030-04-30');
    expect((await asAdmin(api().get(`/api/artigos/${chosen.id}`)).expect(200)).body.value.proxima_revisao).toBe('2030-04-30');
    expect((await api().get(`/api/artigos/${chosen.id}`).expect(200)).body.value.proxima_revisao).toBe('2030-04-30');
    for (const meses of [2, 37, 6.5, '12']) {
      const refused = await as('João Lima', api().post(`/api/artigos/${chosen.id}/revisao-medica`)).send({ meses }).expect(400);
      expect(refused.body.messages).toEqual([REVIEW_MESSAGES.monthsInvalid]);
    }
  });

  it('lets only an administrator move the due date (any day, or none), audited', async () => {
    const { id } = await publishedClinical('data-manual');
    await as('João Lima', api().patch(`/api/artigos/${id}/revisao-medica`)).send({ proxima_revisao: '2031-01-01' }).expect(403);
    await as('Edu Rocha', api().patch(`/api/artigos/${id}/revisao-medica`)).send({ proxima_revisao: '2031-01-01' }).expect(403);
    await api().patch(`/api/artigos/${id}/revisao-medica`).send({ proxima_revisao: '2031-01-01' }).expect(403);
    for (const proxima_revisao of ['2031-02-30', '01/01/2031', '2031-13-01', 20310101]) {
      const refused = await asAdmin(api().patch(`/api/artigos/${id}/revisao-medica`)).send({ proxima_revisao }).expect(400);
      expect(refused.body.messages).toEqual([REVIEW_MESSAGES.dueDateInvalid]);
    }
    const before = (await asAdmin(api().get(`/api/artigos/${id}`)).expect(200)).body.value.proxima_revisao as string;
    expect((await asAdmin(api().patch(`/api/artigos/${id}/revisao-medica`)).send({ proxima_revisao: '2020-02-29' }).expect(200)).body.value).toEqual({ proxima_revisao: '2020-02-29' });
    await asAdmin(api().patch('/api/artigos/999999/revisao-medica')).send({ proxima_revisao: null }).expect(404);
    const audit = await t.repo.audit.list({ pageIndex: 1, pageSize: 1, acao: 'definiu-proxima-revisao' });
    expect(audit.items[0]).toMatchObject({ id_artigo: id, detalhes: JSON.stringify({ de: before, para: '2020-02-29' }) });
  });

  it('says until when the review holds, and the cached page says it is overdue from the first second of the next day; a re-approval without a new version renews it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-10T12:00:00Z'));
    const { id } = await publishedClinical('vencimento', 3);
    const versao = (await asAdmin(api().get(`/api/artigos/${id}`)).expect(200)).body.value.versao as number;

    // 23:59:30 of 10 June in São Paulo: still current, and now in the page cache.
    vi.setSystemTime(new Date('2030-06-11T02:59:30Z'));
    const current = await pageOf(id);
    expect(reviewBox(current)).toMatch(/^Revisado por Dr\. João Lima — MÉDICO — CRM\/SP 654321, em 10 de março de 2030 · Próxima revisão até 10 de junho de 2030 · Política editorial$/);
    expect(current).toContain('<a href="/politica-editorial">Política editorial</a>');
    const reviewedAt = (jsonLdOfType(current, 'NewsArticle').mainEntityOfPage as Record<string, unknown>).lastReviewed;

    // Forty seconds later, well inside the cache's minute: the page changed all the same.
    vi.setSystemTime(new Date('2030-06-11T03:00:10Z'));
    const overdue = await pageOf(id);
    documents['artigo com a revisão vencida'] = overdue;
    expect(reviewBox(overdue)).toContain('Revisão médica vencida em 10 de junho de 2030; conteúdo em reavaliação');
    expect(reviewBox(overdue)).not.toContain('Próxima revisão');
    expect((jsonLdOfType(overdue, 'NewsArticle').mainEntityOfPage as Record<string, unknown>).lastReviewed).toBe(reviewedAt);
    const queue = (await as('João Lima', api().get('/api/revisoes?situacao=vencida')).expect(200)).body.value;
    expect(queue.itens.map((item: { id: number }) => item.id)).toContain(id);

    // Four eyes still hold for a re-approval: the author may not renew it.
    await as('Ana Souza', api().post(`/api/artigos/${id}/revisao-medica`)).send({}).expect(403);
    vi.setSystemTime(new Date('2030-06-12T13:00:00Z'));
    const renewed = (await as('Paulo Reis', api().post(`/api/artigos/${id}/revisao-medica`)).send({ versao }).expect(200)).body.value;
    expect(renewed).toMatchObject({ revisor: 'Dr. Paulo Reis', versao, proxima_revisao: '2030-12-12' });
    expect((await asAdmin(api().get(`/api/artigos/${id}`)).expect(200)).body.value.versao).toBe(versao);
    const again = await pageOf(id);
    expect(reviewBox(again)).toContain('em 12 de junho de 2030 · Próxima revisão até 12 de dezembro de 2030');
    expect((jsonLdOfType(again, 'NewsArticle').mainEntityOfPage as Record<string, unknown>).lastReviewed).toBe(renewed.data);
    const audit = await t.repo.audit.list({ pageIndex: 1, pageSize: 1, acao: 'aprovou-revisao-medica' });
    expect(audit.items[0]).toMatchObject({ id_artigo: id, detalhes: JSON.stringify({ versao, proxima_revisao: '2030-12-12' }) });
  });

  it('records corrections of a published article: 403 for others, 409 before publication, 405 to change one; newest first on the page and in the JSON-LD', async () => {
    const { id } = await publishedClinical('correcoes');
    const before = await pageOf(id);
    const news = jsonLdOfType(before, 'NewsArticle') as Record<string, any>;
    expect(news.publishingPrinciples).toBe(`${SITE_URL}/politica-editorial`);
    expect(news.mainEntityOfPage.publishingPrinciples).toBe(`${SITE_URL}/politica-editorial`);
    expect(jsonLdOfType(before, 'Organization').publishingPrinciples).toBe(`${SITE_URL}/politica-editorial`);
    expect(news).not.toHaveProperty('correction');
    expect(before).not.toContain('id="correcoes"');

    const texto = 'Corrigido: a dose citada era 50 mg, não 500 mg.';
    await as('Ana Souza', api().post(`/api/artigos/${id}/correcoes`)).send({ texto }).expect(403);
    await as('Carla Dias', api().post(`/api/artigos/${id}/correcoes`)).send({ texto }).expect(403);
    await api().post(`/api/artigos/${id}/correcoes`).send({ texto }).expect(403);
    expect((await as('Edu Rocha', api().post(`/api/artigos/${id}/correcoes`)).send({ texto: 'curto' }).expect(400)).body.messages).toEqual([REVIEW_MESSAGES.correctionInvalid]);
    const first = (await as('Edu Rocha', api().post(`/api/artigos/${id}/correcoes`)).send({ texto }).expect(200)).body.value;
    expect(first).toEqual({ id: expect.any(Number), texto, data: expect.any(String) });
    const second = (await as('João Lima', api().post(`/api/artigos/${id}/correcoes`)).send({ texto: 'Corrigido: o intervalo entre as doses é de 8 horas.' }).expect(200)).body.value;
    await asAdmin(api().post(`/api/artigos/${id}/correcoes`)).send({ texto: 'Corrigido: o nome do exame é MAPA.' }).expect(200);
    expect((await api().put(`/api/artigos/${id}/correcoes`).send({ texto }).expect(405)).headers.allow).toBe('GET, POST');
    await api().delete(`/api/artigos/${id}/correcoes`).expect(405);

    const listed = (await api().get(`/api/artigos/${id}/correcoes`).expect(200)).body.value as { id: number; data: string }[];
    expect(listed.map((correction) => correction.id).slice(1)).toEqual([second.id, first.id]);
    const audit = await t.repo.audit.list({ pageIndex: 1, pageSize: 3, acao: 'registrou-correcao' });
    expect(audit.items.map((entry) => entry.id_artigo)).toEqual([id, id, id]);

    const page = await pageOf(id);
    documents['artigo com correções'] = page;
    const section = /<section class="article-corrections"[^>]*>(.*?)<\/section>/s.exec(page)![1]!;
    expect([...section.matchAll(/<li>(.*?)<\/li>/gs)].map((match) => visibleText(match[1]!).replace(/^\d+ de \p{L}+ de \d{4}: /u, ''))).toEqual(['Corrigido: o nome do exame é MAPA.', 'Corrigido: o intervalo entre as doses é de 8 horas.', texto]);
    const corrected = jsonLdOfType(page, 'NewsArticle') as Record<string, any>;
    expect(corrected.correction).toHaveLength(3);
    expect(corrected.correction[2]).toEqual({ '@type': 'CorrectionComment', datePublished: first.data, text: texto });
    // A relevant update: dateModified moves, lastReviewed does not.
    expect(corrected.dateModified).toBe(listed[0]!.data);
    expect(corrected.dateModified > news.dateModified).toBe(true);
    expect(corrected.mainEntityOfPage.lastReviewed).toBe(news.mainEntityOfPage.lastReviewed);
    expect(page).toContain('Atualizado em');

    const draft = (await as('Edu Rocha', api().post('/api/artigos/novo')).send(article('rascunho-sem-correcao', { status: 'rascunho' })).expect(200)).body.value as number;
    expect((await as('Edu Rocha', api().post(`/api/artigos/${draft}/correcoes`)).send({ texto }).expect(409)).body.messages).toEqual([REVIEW_MESSAGES.correctionNotPublished]);
    await api().get(`/api/artigos/${draft}/correcoes`).expect(404);
  });

  it('answers the queue to the team only, a colaborador seeing only their own, and the area bar counts it', async () => {
    await api().get('/api/revisoes?situacao=pendente').expect(403);
    expect((await as('Edu Rocha', api().get('/api/revisoes?situacao=atrasada')).expect(400)).body.messages).toEqual([REVIEW_MESSAGES.queueSituationInvalid]);
    const mine = (await as('Carla Dias', api().post('/api/artigos/novo')).send(article('da-carla', { clinico: true, status: 'rascunho' })).expect(200)).body.value as number;
    const pending = (await as('Edu Rocha', api().get('/api/revisoes?situacao=pendente&ordem=titulo&sentido=desc')).expect(200)).body.value;
    expect(pending.itens.map((item: { id: number }) => item.id)).toContain(mine);
    const titles = pending.itens.map((item: { titulo: string }) => item.titulo);
    expect(titles).toEqual([...titles].sort().reverse());
    const hers = (await as('Carla Dias', api().get('/api/revisoes?situacao=pendente')).expect(200)).body.value;
    expect(hers).toMatchObject({ total: 1, itens: [{ id: mine }], contagem: { vencida: 0, 'a-vencer': 0, pendente: 1 } });

    const signIn = await api().post('/editor/entrar').set({ Origin: SITE_URL }).type('form').send({ chave: TEST_EDITOR_KEY, volta: '/editor' });
    const cookie = String(signIn.headers['set-cookie']?.[0]).split(';')[0]!;
    const { contagem } = (await asAdmin(api().get('/api/revisoes?situacao=vencida')).expect(200)).body.value;
    const total = contagem.vencida + contagem['a-vencer'] + contagem.pendente;
    for (const path of ['/editor', '/editor/revisoes']) {
      const html = (await api().get(path).set('Cookie', cookie).expect(200)).text;
      expect(html).toContain(`<a href="/editor/revisoes"${path === '/editor/revisoes' ? ' aria-current="page"' : ''}>Revisões (${total})</a>`);
    }
    const page = (await api().get('/editor/revisoes?pendente=titulo').set('Cookie', cookie).expect(200)).text;
    documents['/editor/revisoes'] = page;
    expect(visibleText(page)).toContain(`Pendentes de aprovação (${contagem.pendente})`);
    expect(page).toContain(`href="/editor/artigos/${mine}"`);
    await api().get('/editor/revisoes').expect(303);
  });

  it('keeps the new pages valid HTML (W3C checker)', { timeout: 60_000 }, async () => {
    expect(Object.keys(documents).sort()).toEqual(['/editor/revisoes', 'artigo com a revisão vencida', 'artigo com correções']);
    const errors = await validateHtml(documents);
    expect(Object.keys(errors).sort()).toEqual(Object.keys(documents).sort());
    for (const [name, messages] of Object.entries(errors)) expect(messages.map((error) => `${error.message} «${error.extract ?? ''}»`), name).toEqual([]);
  });
});
