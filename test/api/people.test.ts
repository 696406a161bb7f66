import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '../../src/lib/messages.js';
import { PEOPLE_MESSAGES } from '../../src/people/messages.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.js';

const SITE_URL = 'https://www.prontivo.test';
const PASSWORD = 'jabuticaba azul no telhado';
const postgresUrl = inject('postgresUrl');
const backends = postgresUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

describe.each(backends)('pessoas pela API (%s)', (backend) => {
  let t: TestApp;
  let database: ScratchDatabase | undefined;
  beforeAll(async () => {
    database = backend === 'postgres' ? await createScratchDatabase(postgresUrl!) : undefined;
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL, EDITOR_KEY_MAX_FAILURES: '4', ...(database ? { DATABASE_URL: database.url } : {}) } });
  });
  afterAll(async () => {
    await t.close();
    await database?.drop();
  });

  const api = () => request(t.app);
  const invite = (body: object) => api().post('/api/pessoas/convites').set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).send(body);
  const tokenOf = (conviteUrl: string) => new URL(conviteUrl).pathname.split('/').at(-1)!;
  const signIn = (email: string, senha: string) => api().post('/api/sessao').send({ email, senha });
  const cookieOf = (res: request.Response) => [res.headers['set-cookie']].flat()[0]!.split(';')[0]!;

  it('invites with a one-time link, lets the person choose a good password once, and signs them in', async () => {
    const invited = await invite({ nome: 'Ana Beatriz Lima', email: 'Ana.Lima@clinica.com.br', papel: 'autor' }).expect(200);
    const { id, convite_url } = invited.body.value as { id: number; convite_url: string };
    expect(convite_url).toMatch(new RegExp(`^${SITE_URL}/editor/convite/[\\w-]{43}$`));
    await invite({ nome: 'Outra Ana', email: 'ana.lima@clinica.com.br', papel: 'editor' }).expect(409);
    const token = tokenOf(convite_url);

    const weak = await api().post(`/api/pessoas/convites/${token}`).send({ senha: 'anabeatriz123' }).expect(400);
    expect(weak.body.messages).toEqual([PEOPLE_MESSAGES.passwordPersonal]);
    expect((await api().post(`/api/pessoas/convites/${token}`).send({ senha: PASSWORD }).expect(200)).body.value).toEqual({ nome: 'Ana Beatriz Lima', papel: 'autor' });
    expect((await api().post(`/api/pessoas/convites/${token}`).send({ senha: PASSWORD }).expect(410)).body.messages).toEqual([PEOPLE_MESSAGES.invitationUsed]);
    await api().post('/api/pessoas/convites/desconhecido').send({ senha: PASSWORD }).expect(404);

    const wrong = await signIn('ana.lima@clinica.com.br', 'outra senha qualquer').expect(403);
    const unknown = await signIn('ninguem@clinica.com.br', PASSWORD).expect(403);
    expect(wrong.body.messages).toEqual(unknown.body.messages);
    const signedIn = await signIn('ANA.LIMA@clinica.com.br', PASSWORD).expect(200);
    expect(signedIn.body.value).toEqual({ nome: 'Ana Beatriz Lima', papel: 'autor', autor: 'Ana Beatriz Lima' });
    expect((await api().get('/api/sessao').set('Cookie', cookieOf(signedIn)).expect(200)).body.value.autor).toBe('Ana Beatriz Lima');
    expect((await api().get('/api/pessoas').set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).expect(200)).body.value).toContainEqual(
      expect.objectContaining({ id, email: 'ana.lima@clinica.com.br', papel: 'autor', ativo: true }),
    );
  });

  it('refuses an expired invitation with 410', async () => {
    const token = 'convite-vencido';
    await t.repo.people.invite(
      { nome: 'Bruno Costa', email: 'bruno@clinica.com.br', papel: 'colaborador' },
      { token_hash: createHash('sha256').update(token).digest('hex'), expira_em: new Date(Date.now() - 1_000).toISOString() },
    );
    expect((await api().post(`/api/pessoas/convites/${token}`).send({ senha: PASSWORD }).expect(410)).body.messages).toEqual([PEOPLE_MESSAGES.invitationExpired]);
  });

  it('keeps people management and the audit log for administrators, and ends a deactivated person’s session at once', async () => {
    const invited = (await invite({ nome: 'Carla Souza', email: 'carla@clinica.com.br', papel: 'editor' }).expect(200)).body.value as { id: number; convite_url: string };
    await api().post(`/api/pessoas/convites/${tokenOf(invited.convite_url)}`).send({ senha: PASSWORD }).expect(200);
    const cookie = cookieOf(await signIn('carla@clinica.com.br', PASSWORD).expect(200));
    const asCarla = (req: request.Test) => req.set('Cookie', cookie).set('Origin', SITE_URL);
    expect((await asCarla(api().post('/api/pessoas/convites')).send({ nome: 'X', email: 'x@clinica.com.br', papel: 'administrador' }).expect(403)).body.messages).toEqual([
      PEOPLE_MESSAGES.forbidden,
    ]);
    await asCarla(api().get('/api/auditoria')).expect(403);
    await asCarla(api().get('/api/pessoas')).expect(403);

    await api().patch(`/api/pessoas/${invited.id}`).set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).send({ ativo: false }).expect(200);
    await asCarla(api().get('/api/sessao')).expect(401);
    await signIn('carla@clinica.com.br', PASSWORD).expect(403);
    await api().patch('/api/pessoas/999999').set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).send({ ativo: false }).expect(404);
    await api().patch(`/api/pessoas/${invited.id}`).set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).send({}).expect(400);

    const log = (await api().get('/api/auditoria?pageSize=100').set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).expect(200)).body.value as {
      items: { acao: string; quem: string; endereco: string | null }[];
    };
    const actions = log.items.map((item) => item.acao);
    for (const action of ['convidou', 'aceitou-convite', 'entrou', 'entrada-recusada', 'alterou-pessoa']) expect(actions).toContain(action);
    expect(log.items.find((item) => item.acao === 'alterou-pessoa')?.quem).toBe('Editora de Teste');
    expect(log.items.every((item) => item.endereco)).toBe(true);
  });

  it('limits failed passwords per client address with 429 and a wait', async () => {
    const email = 'alvo@clinica.com.br';
    const invited = (await invite({ nome: 'Alvo Silva', email, papel: 'autor' }).expect(200)).body.value as { convite_url: string };
    await api().post(`/api/pessoas/convites/${tokenOf(invited.convite_url)}`).send({ senha: PASSWORD }).expect(200);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) statuses.push((await signIn(email, `errada ${attempt}`)).status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const refused = await signIn(email, PASSWORD).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.messages).toEqual([PEOPLE_MESSAGES.tooManyFailures]);
  });
});

describe('the sign-in page with e-mail and password (SQLite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL } });
  });
  afterAll(() => t.close());

  it('signs in from the page with e-mail and password; a refusal says so beside the form and keeps the e-mail', async () => {
    const invited = await request(t.app).post('/api/pessoas/convites').set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).send({ nome: 'Diana Prado', email: 'diana@clinica.com.br', papel: 'editor' });
    const token = new URL(invited.body.value.convite_url as string).pathname.split('/').at(-1)!;
    await request(t.app).post(`/api/pessoas/convites/${token}`).send({ senha: PASSWORD }).expect(200);
    const form = (fields: object) => request(t.app).post('/editor/entrar').set('Origin', SITE_URL).type('form').send({ volta: '/editor/artigos/3', ...fields });

    const refused = await form({ email: 'diana@clinica.com.br', senha: 'outra senha qualquer' }).expect(403);
    expect(refused.text).toContain(`<p id="entrar-senha-erro" class="area-error" role="alert">${PEOPLE_MESSAGES.signInRefused}</p>`);
    expect(refused.text).toContain('value="diana@clinica.com.br"');
    expect(refused.headers['set-cookie']).toBeUndefined();
    await form({ email: '', senha: '' }).expect(400);

    const signedIn = await form({ email: 'Diana@Clinica.com.br', senha: PASSWORD }).expect(303);
    expect(signedIn.headers.location).toBe('/editor/artigos/3');
    const list = await request(t.app).get('/editor').set('Cookie', [signedIn.headers['set-cookie']].flat()[0]!.split(';')[0]!).expect(200);
    expect(list.text).toContain('Conectado como <strong>Diana Prado</strong>');
    const log = (await request(t.app).get('/api/auditoria?pageSize=5').set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).expect(200)).body.value as { items: { acao: string; quem: string }[] };
    expect(log.items.slice(0, 2).map((item) => [item.acao, item.quem])).toEqual([
      ['entrou', 'Diana Prado'],
      ['entrada-recusada', 'diana@clinica.com.br'],
    ]);
  });
});

describe('what each role may do to articles (SQLite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL } });
  });
  afterAll(() => t.close());

  /** A person of `papel`, invited, with a password, signed in: their cookie. */
  async function personOf(papel: string, name: string): Promise<string> {
    const email = `${name}@clinica.com.br`;
    const invited = await request(t.app).post('/api/pessoas/convites').set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).send({ nome: `Pessoa ${name}`, email, papel }).expect(200);
    const token = new URL(invited.body.value.convite_url as string).pathname.split('/').at(-1)!;
    await request(t.app).post(`/api/pessoas/convites/${token}`).send({ senha: PASSWORD }).expect(200);
    const signedIn = await request(t.app).post('/api/sessao').send({ email, senha: PASSWORD }).expect(200);
    return [signedIn.headers['set-cookie']].flat()[0]!.split(';')[0]!;
  }

  const article = (titulo: string, extra: object = {}) => ({
    titulo,
    titulo_url: titulo,
    descricao: 'Resumo do artigo.',
    keywords: 'prontuário',
    conteudo: '<p>Texto do artigo.</p>',
    ...extra,
  });
  const as = (cookie: string) => ({
    post: (path: string, body: object) => request(t.app).post(path).set('Cookie', cookie).set('Origin', SITE_URL).send(body),
    put: (path: string, body: object) => request(t.app).put(path).set('Cookie', cookie).set('Origin', SITE_URL).send(body),
    delete: (path: string) => request(t.app).delete(path).set('Cookie', cookie).set('Origin', SITE_URL).send({}),
  });

  it('lets a colaborador read only what they created or sign, through the API, the list, the history and every page', async () => {
    const cookie = await personOf('colaborador', 'leitora');
    const editor = as(await personOf('editor', 'editora-das-leituras'));
    const reader = (await t.repo.people.findByEmail('leitora@clinica.com.br'))!;
    const key = (await as(cookie).post('/api/pessoas/eu/chaves', { nome: 'Leitura', senha_atual: PASSWORD }).expect(200)).body.value.chave as string;
    const others = (await editor.post('/api/artigos/novo', article('rascunho-de-outra', { status: 'rascunho' })).expect(200)).body.value as number;
    const signed = (await editor.post('/api/artigos/novo', article('rascunho-assinado-por-ela', { status: 'rascunho', autores: [reader.id] })).expect(200)).body.value as number;
    const hers = (await as(cookie).post('/api/artigos/novo', article('rascunho-dela', { status: 'rascunho' })).expect(200)).body.value as number;
    const byKey = (path: string) => request(t.app).get(path).set('Authorization', `Bearer ${key}`);

    for (const id of [signed, hers]) {
      await byKey(`/api/artigos/${id}`).expect(200);
      await byKey(`/api/artigos/${id}/revisoes`).expect(200);
      await byKey(`/api/artigos/${id}/revisoes/1`).expect(200);
    }
    for (const path of [`/api/artigos/${others}`, `/api/artigos/${others}/revisoes`, `/api/artigos/${others}/revisoes/1`]) {
      const refused = await byKey(path).expect(404);
      expect(refused.body.messages).toEqual([MESSAGES.articleNotFound]);
    }
    const listed = (await request(t.app).post('/api/artigos/lista').set('Authorization', `Bearer ${key}`).send({ pageIndex: 1, pageSize: 50 }).expect(200)).body.value as { items: { id: number }[]; total: number };
    expect(listed.items.map((item) => item.id).sort()).toEqual([signed, hers].sort());
    expect(listed.total).toBe(2);

    const page = (path: string) => request(t.app).get(path).set('Cookie', cookie);
    const pages = (id: number) => [`/editor/artigos/${id}`, `/editor/artigos/${id}/historico`, `/editor/artigos/${id}/historico/1`, `/editor/artigos/${id}/comparar`, `/editor/previa/${id}`];
    for (const path of pages(others)) expect((await page(path)).status, path).toBe(404);
    for (const path of pages(hers)) expect((await page(path)).status, path).toBe(200);
    const list = await page('/editor').expect(200);
    expect(list.text).toContain('rascunho-assinado-por-ela');
    expect(list.text).not.toContain('rascunho-de-outra');

    // Every other role reads everything.
    await request(t.app).get(`/api/artigos/${others}/revisoes`).set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).expect(200);
    expect((await editor.post('/api/artigos/lista', { pageIndex: 1, pageSize: 50 }).expect(200)).body.value.total).toBeGreaterThanOrEqual(3);
  });

  it('enforces the table of roles on every write, answering 403 in Portuguese and changing nothing', async () => {
    const colaborador = as(await personOf('colaborador', 'colaboradora'));
    const autor = as(await personOf('autor', 'autora'));
    const editor = as(await personOf('editor', 'editora'));

    await colaborador.post('/api/artigos/novo', article('publicado-por-colaboradora')).expect(403);
    const draft = (await colaborador.post('/api/artigos/novo', article('rascunho-da-colaboradora', { status: 'rascunho' })).expect(200)).body.value as number;
    await colaborador.put(`/api/artigos/${draft}`, article('rascunho-da-colaboradora', { versao: 1, status: 'rascunho', titulo: 'Rascunho revisto' })).expect(200);
    const refused = await colaborador.post(`/api/artigos/${draft}/status`, { status: 'publicado' }).expect(403);
    expect(refused.body.messages).toEqual([PEOPLE_MESSAGES.forbidden]);
    await colaborador.delete(`/api/artigos/${draft}`).expect(403);
    expect((await t.repo.articles.get(draft))?.status).toBe('rascunho');

    await autor.put(`/api/artigos/${draft}`, article('rascunho-da-colaboradora', { versao: 2, status: 'rascunho' })).expect(403);
    const own = (await autor.post('/api/artigos/novo', article('artigo-da-autora')).expect(200)).body.value as number;
    await autor.post(`/api/artigos/${own}/status`, { status: 'despublicado' }).expect(200);
    await colaborador.put(`/api/artigos/${own}`, article('artigo-da-autora', { versao: 2 })).expect(403);

    await editor.post(`/api/artigos/${draft}/status`, { status: 'publicado' }).expect(200);
    // Published by an editor, the colaboradora's article is live: changing it would publish her change.
    const live = await colaborador.put(`/api/artigos/${draft}`, article('rascunho-da-colaboradora', { versao: 3, titulo: 'Mudança direto no ar' })).expect(403);
    expect(live.body.messages).toEqual([PEOPLE_MESSAGES.forbidden]);
    expect((await t.repo.articles.get(draft))?.titulo).toBe('Rascunho revisto');
    const people = await t.repo.people.list();
    const idOf = (nome: string) => people.find((person) => person.nome === nome)!.id;
    expect(await t.repo.articles.get(draft)).toMatchObject({
      autor: 'Pessoa colaboradora',
      id_criador: idOf('Pessoa colaboradora'),
      id_ultimo_editor: idOf('Pessoa editora'),
      id_publicador: idOf('Pessoa editora'),
    });
    expect((await t.repo.revisions.revisions(draft)).map((revision) => [revision.autor, revision.id_pessoa])).toEqual([
      ['Pessoa editora', idOf('Pessoa editora')],
      ['Pessoa colaboradora', idOf('Pessoa colaboradora')],
      ['Pessoa colaboradora', idOf('Pessoa colaboradora')],
    ]);
    await editor.delete(`/api/artigos/${own}`).expect(200);

    const log = (await request(t.app).get('/api/auditoria?pageSize=100').set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).expect(200)).body.value as {
      items: { acao: string; quem: string; id_artigo: number | null }[];
    };
    expect(log.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ acao: 'criou', quem: 'Pessoa colaboradora', id_artigo: draft }),
        expect.objectContaining({ acao: 'editou', quem: 'Pessoa colaboradora', id_artigo: draft }),
        expect.objectContaining({ acao: 'despublicou', quem: 'Pessoa autora', id_artigo: own }),
        expect.objectContaining({ acao: 'publicou', quem: 'Pessoa editora', id_artigo: draft }),
        expect.objectContaining({ acao: 'removeu', quem: 'Pessoa editora', id_artigo: own }),
      ]),
    );
  });
});
