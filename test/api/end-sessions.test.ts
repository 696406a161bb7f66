import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.js';

const SITE_URL = 'https://www.prontivo.test';
const PASSWORD = 'jabuticaba azul no telhado';
const postgresUrl = inject('postgresUrl');
const backends = postgresUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

describe.each(backends)('encerrar as sessões de uma pessoa ou de todos (%s)', (backend) => {
  let t: TestApp;
  let database: ScratchDatabase | undefined;
  beforeAll(async () => {
    database = backend === 'postgres' ? await createScratchDatabase(postgresUrl!) : undefined;
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL, ...(database ? { DATABASE_URL: database.url } : {}) } });
  });
  afterAll(async () => {
    await t.close();
    await database?.drop();
  });

  const api = () => request(t.app);
  const withKey = (req: request.Test) => req.set('Authorization', `Bearer ${TEST_EDITOR_KEY}`);
  const cookieOf = (res: request.Response) => [res.headers['set-cookie']].flat()[0]!.split(';')[0]!;

  async function person(papel: string, name: string) {
    const email = `${name}@clinica.com.br`;
    const invited = (await withKey(api().post('/api/pessoas/convites')).send({ nome: `Pessoa ${name}`, email, papel }).expect(200)).body.value as { id: number; convite_url: string };
    await api().post(`/api/pessoas/convites/${new URL(invited.convite_url).pathname.split('/').at(-1)!}`).send({ senha: PASSWORD }).expect(200);
    const signIn = async () => cookieOf(await api().post('/api/sessao').send({ email, senha: PASSWORD }).expect(200));
    return { id: invited.id, signIn };
  }
  const signedIn = async (cookie: string) => (await api().get('/api/sessao').set('Cookie', cookie)).status === 200;
  const as = (cookie: string, req: request.Test) => req.set('Cookie', cookie).set('Origin', SITE_URL);

  it('ends every browser of one person, then of everyone but the administrator asking; audited; administrators only', async () => {
    const chefe = await person('administrador', 'chefe');
    const ana = await person('autor', 'ana');
    const bruno = await person('editor', 'bruno');
    const chefeCookie = await chefe.signIn();
    const anaCookies = [await ana.signIn(), await ana.signIn()];
    const brunoCookie = await bruno.signIn();

    const refused = await as(brunoCookie, api().delete(`/api/pessoas/${ana.id}/sessoes`)).send({}).expect(403);
    expect(refused.body.status).toBe(0);
    expect(await signedIn(anaCookies[0]!)).toBe(true);

    const one = await as(chefeCookie, api().delete(`/api/pessoas/${ana.id}/sessoes`)).send({}).expect(200);
    expect(one.body.value).toEqual({ encerradas: 2 });
    for (const cookie of anaCookies) expect(await signedIn(cookie)).toBe(false);
    expect(await signedIn(brunoCookie)).toBe(true);
    await as(chefeCookie, api().delete('/api/pessoas/999999/sessoes')).send({}).expect(404);

    const keySession = cookieOf(await api().post('/api/sessao').send({ key: TEST_EDITOR_KEY }).expect(200));
    const all = await as(chefeCookie, api().delete('/api/pessoas/sessoes')).send({}).expect(200);
    expect(all.body.value).toEqual({ encerradas: 2 });
    expect(await signedIn(brunoCookie)).toBe(false);
    expect(await signedIn(keySession)).toBe(false);
    expect(await signedIn(chefeCookie)).toBe(true);

    const { items } = (await withKey(api().get('/api/auditoria')).expect(200)).body.value as { items: { acao: string; detalhes: string | null }[] };
    expect(items.filter((row) => row.acao.startsWith('encerrou-')).map((row) => [row.acao, JSON.parse(row.detalhes!) as object])).toEqual([
      ['encerrou-todas-as-sessoes', { encerradas: 2 }],
      ['encerrou-sessoes-da-pessoa', { id_pessoa: ana.id, encerradas: 2 }],
    ]);
  });
});
