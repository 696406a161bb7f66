import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ConsentProof, NewLead } from '../../src/db/lead-store.js';
import type { StatsReport } from '../../src/workflow/stats-report.js';
import { siteDayOf } from '../../src/lib/stats-time.js';
import { PageStats } from '../../src/workflow/page-stats.js';
import { articlePath } from '../../src/routes/paths.js';
import { subscriberReference } from '../../src/db/subscriber-store.js';
import { createArticle, createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.js';

const SITE_URL = 'https://www.prontivo.test';
const PASSWORD = 'jabuticaba azul no telhado';
const postgresUrl = inject('postgresUrl');
const backends = postgresUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
const POLICY = { hourlyDays: 90, dailyMonths: 25 };

const consent: ConsentProof = {
  requestText: 'Usaremos seus dados para responder a este pedido.',
  marketingText: 'Quero receber conteúdos por e-mail.',
  version: '2026-03-01',
  marketingAccepted: false,
  at: new Date().toISOString(),
  page: '/demonstracao',
  truncatedAddress: '203.0.113.0',
};

describe.each(backends)('estatísticas pela API e pela página (%s)', (backend) => {
  let t: TestApp;
  let database: ScratchDatabase | undefined;
  let article: string;
  let autora: string;
  let editora: string;
  const today = siteDayOf(Date.now());

  const api = () => request(t.app);
  const admin = (req: request.Test) => req.set('Authorization', `Bearer ${TEST_EDITOR_KEY}`);
  const cookieOf = (res: request.Response) => [res.headers['set-cookie']].flat()[0]!.split(';')[0]!;

  async function person(nome: string, email: string, papel: string): Promise<string> {
    const { convite_url } = (await admin(api().post('/api/pessoas/convites')).send({ nome, email, papel }).expect(200)).body.value as { convite_url: string };
    await api().post(`/api/pessoas/convites/${new URL(convite_url).pathname.split('/').at(-1)}`).send({ senha: PASSWORD }).expect(200);
    return cookieOf(await api().post('/api/sessao').send({ email, senha: PASSWORD }).expect(200));
  }

  /** One instance's view of `path` by a reader from `address`. */
  const view = (stats: PageStats, path: string, address: string, extra: Partial<Parameters<PageStats['tally']['view']>[0]> = {}) =>
    stats.tally.view({ at: Date.now(), path, referrerHost: '', utmSource: '', utmMedium: '', utmCampaign: '', device: 'computador', bot: false, visitor: stats.visitor(Date.now(), address, 'Leitor/1.0'), ...extra });

  beforeAll(async () => {
    database = backend === 'postgres' ? await createScratchDatabase(postgresUrl!) : undefined;
    t = await createTestApp({ env: { SITE_URL, ...(database ? { DATABASE_URL: database.url } : {}) } });
    const stored = await createArticle(t.repo);
    article = articlePath(stored);
    autora = await person('Ana Autora', 'ana@clinica.com.br', 'autor');
    editora = await person('Edna Editora', 'edna@clinica.com.br', 'editor');
    // Two instances counting into one database: their counts add up, and they share the day's salt.
    const one = new PageStats(t.repo, SITE_URL, POLICY);
    const two = new PageStats(t.repo, SITE_URL, POLICY);
    await one.flush();
    await two.flush();
    view(one, article, '203.0.113.5', { referrerHost: 'www.google.com' });
    view(two, article, '192.0.2.9', { utmSource: '=cmd|calc', utmMedium: 'email', utmCampaign: 'novembro' });
    view(two, '/', '198.51.100.1', { device: 'celular' });
    view(one, article, '66.249.66.1', { bot: true, visitor: undefined });
    one.tally.announced('dermatologia', 0);
    one.tally.searched(Date.now(), 'dermatologia');
    await Promise.all([one.flush(), two.flush()]);
    const lead: NewLead = {
      name: 'Dra. Conceição Araújo',
      email: 'conceicao@clinica.com.br',
      phone: '(11) 98765-4321',
      profile: 'clinica',
      professionals: 12,
      specialty: 'Pediatria',
      message: null,
      origin: { page: null, articleId: stored.id, utm: {} },
    };
    await t.repo.leads.create(lead, consent, () => [], new Date().toISOString());
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('answers the period\'s numbers: two instances add up, one visitor per address and day, bots apart, conversions by article', async () => {
    const value = (await admin(api().get('/api/estatisticas')).expect(200)).body.value as StatsReport;
    expect(value.serie).toHaveLength(30);
    expect(value.serie.at(-1)).toEqual({ dia: today, visitantes: 3, visualizacoes: 3 });
    expect(value.visualizacoes).toBe(3);
    expect(value.visitantes).toBe(3);
    expect(value.paginas[0]).toEqual({ caminho: article, titulo: expect.stringContaining('Prontuário eletrônico') as string, visitantes: 2, visualizacoes: 2 });
    expect(value.origens).toEqual([{ origem: 'www.google.com', visualizacoes: 1 }]);
    expect(value.robos).toEqual({ visualizacoes: 1 });
    expect(value.dispositivos).toEqual({ celular: 1, computador: 2 });
    expect(value.buscas).toEqual([{ termo: 'dermatologia', resultados: 0, vezes: 1 }]);
    expect(value.conversoes).toEqual([{ tipo: 'demonstracao', caminho: article, utm_source: '', utm_medium: '', utm_campaign: '', total: 1 }]);
  });

  it('filters every part by an exact canonical path', async () => {
    const value = (await admin(api().get('/api/estatisticas').query({ caminho: '/', de: today, ate: today })).expect(200)).body.value as StatsReport;
    expect(value.serie).toEqual([{ dia: today, visitantes: 1, visualizacoes: 1 }]);
    expect(value.paginas.map((row) => row.caminho)).toEqual(['/']);
    expect(value.conversoes).toEqual([]);
    expect(value.buscas).toEqual([]);
  });

  it('refuses a malformed or reversed period with 400', async () => {
    await admin(api().get('/api/estatisticas').query({ de: '2026-13-01' })).expect(400);
    await admin(api().get('/api/estatisticas').query({ de: '2026-03-02', ate: '2026-03-01' })).expect(400);
  });

  it('exports a table as CSV with a BOM and `;`, a cell a spreadsheet would run made inert', async () => {
    const response = await admin(api().get('/api/estatisticas.csv').query({ tabela: 'campanhas' })).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(response.status).toBe(200);
    const body = response.body as Buffer;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows: string[][] = parse(body.subarray(3).toString('utf8'), { delimiter: ';' });
    expect(rows).toEqual([
      ['utm_source', 'utm_medium', 'utm_campaign', 'Visualizações', 'Conversões'],
      ["'=cmd|calc", 'email', 'novembro', '1', '0'],
    ]);
  });

  it('is for editors and whoever holds ver-estatisticas, not for an author', async () => {
    await api().get('/api/estatisticas').set('Cookie', autora).expect(403);
    await api().get('/api/estatisticas').set('Cookie', editora).expect(200);
    expect((await api().get('/editor/estatisticas').set('Cookie', autora)).status).toBe(403);
  });

  it('shows the page with an SVG chart and the table of its numbers, readable without JavaScript', async () => {
    const page = await api().get('/editor/estatisticas').set('Cookie', editora).expect(200);
    expect(page.text).toContain('<svg');
    expect(page.text).toMatch(/<title id="serie-grafico-rotulo">Visitantes e visualizações por dia/);
    expect(page.text).toContain('Buscas sem resultado');
    expect(page.text).toContain('dermatologia');
    expect(page.text).toContain('estatisticas.csv?');
    const one = await api().get('/editor/estatisticas').query({ caminho: article }).set('Cookie', editora).expect(200);
    expect(one.text).toContain('Prontuário eletrônico');
  });

  it('is described on the privacy page: what, why, legal basis, retention, and that DNT and Sec-GPC are not counted', async () => {
    const page = await api().get('/privacidade').expect(200);
    expect(page.text).toContain('Estatísticas, sem cookies');
    expect(page.text).toContain('Legítimo interesse (LGPD, art. 7º, IX), com dados anonimizados.');
    expect(page.text).toContain('Contagens por hora, 90 dias; por dia, 25 meses.');
    expect(page.text).toContain('(Sec-GPC), a sua visita não é contada');
  });

  it('shows each published article\'s views in the last 30 days in the editors\' list', async () => {
    const list = await api().get('/editor').set('Cookie', editora).expect(200);
    expect(list.text).toMatch(/<dt>Visualizações \(30 dias\)<\/dt><dd>2<\/dd>/);
  });

  it('keeps the campaign an article was opened with in its newsletter sign-up, and counts it with the confirmation', async () => {
    const email = 'leitora@clinica.com.br';
    const campaign = '?utm_source=instagram&utm_medium=social&utm_campaign=asma-no-inverno';
    await api()
      .post('/boletim/inscricao')
      .set('Referer', `${SITE_URL}${article}${campaign}`)
      .type('form')
      .send(`email=${encodeURIComponent(email)}&pagina=${encodeURIComponent(article)}`)
      .expect(200);
    const { subscriber } = await t.repo.subscribers.findByEmail(email);
    const [mail] = await t.repo.outbox.listByReference(subscriberReference(subscriber!.id));
    const link = /\/boletim\/confirmar\/[\w.-]+/.exec(JSON.stringify(mail!.payload))![0];
    const before = (await admin(api().get('/api/estatisticas')).expect(200)).body.value as StatsReport;
    expect(before.conversoes.filter((row) => row.tipo === 'boletim')).toEqual([]);
    await api().post(link).expect(200);

    const value = (await admin(api().get('/api/estatisticas')).expect(200)).body.value as StatsReport;
    expect(value.conversoes).toContainEqual({ tipo: 'boletim', caminho: article, utm_source: 'instagram', utm_medium: 'social', utm_campaign: 'asma-no-inverno', total: 1 });
    expect(value.campanhas).toContainEqual({ utm_source: 'instagram', utm_medium: 'social', utm_campaign: 'asma-no-inverno', visualizacoes: 0, conversoes: 1 });
    // The signup page itself carries ?origem= and its own campaign in its form, as /demonstracao does.
    const form = (await api().get(`/boletim/inscricao?origem=${encodeURIComponent(article)}&utm_source=anuncio&utm_campaign=${encodeURIComponent('<b>')}`).expect(200)).text;
    expect(form).toContain(`<input type="hidden" name="pagina" value="${article}"/>`);
    expect(form).toContain('<input type="hidden" name="utm_source" value="anuncio"/>');
    expect(form).not.toContain('name="utm_campaign"');
  });
});
