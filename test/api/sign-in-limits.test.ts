import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PEOPLE_MESSAGES } from '../../src/people/messages.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.js';

const SITE_URL = 'https://www.prontivo.test';
const PASSWORD = 'jabuticaba azul no telhado';
const postgresUrl = inject('postgresUrl');
const backends = postgresUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
/** The defaults: 10 attempts per address, 5 per account from one address; the delay made short for the test. */
const ENV = { SITE_URL, EDITOR_KEY_MAX_FAILURES: '10', SIGN_IN_PAIR_MAX_FAILURES: '5', SIGN_IN_DELAY_STEP_MS: '5' };

type Api = () => request.Agent | ReturnType<typeof request>;

async function person(api: Api, email: string): Promise<void> {
  const invited = await api().post('/api/pessoas/convites').set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).send({ nome: 'Tereza Alvo', email, papel: 'autor' }).expect(200);
  const token = new URL(invited.body.value.convite_url as string).pathname.split('/').at(-1)!;
  await api().post(`/api/pessoas/convites/${token}`).send({ senha: PASSWORD }).expect(200);
}

const signIn = (api: Api, address: string, email: string, senha: string) => api().post('/api/sessao').set('X-Forwarded-For', address).send({ email, senha });

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

/** How many passwords were checked and refused for `email`: one audit line each. */
async function checkedAndRefused(api: Api, email: string): Promise<number> {
  const log = await api().get('/api/auditoria?pageSize=100&acao=entrada-recusada').set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).expect(200);
  return (log.body.value.items as { quem: string }[]).filter((item) => item.quem === email).length;
}

describe.each(backends)('password sign-in limits (%s)', (backend) => {
  let t: TestApp;
  let database: ScratchDatabase | undefined;
  beforeAll(async () => {
    database = backend === 'postgres' ? await createScratchDatabase(postgresUrl!) : undefined;
    t = await createTestApp({ assets: DEV_ASSETS, env: { ...ENV, ...(database ? { DATABASE_URL: database.url } : {}) } });
  });
  afterAll(async () => {
    await t.close();
    await database?.drop();
  });
  const api = () => request(t.app);

  it('counts a parallel burst from one address before hashing: 5 passwords checked, the other 35 refused with 429', async () => {
    const email = 'rajada@clinica.com.br';
    await person(api, email);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(api, '203.0.113.1', email, `errada ${i}`)));
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 403: 5, 429: 35 });
    expect(await checkedAndRefused(api, email)).toBe(5);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.messages).toEqual([PEOPLE_MESSAGES.tooManyFailures]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('checks only the two passwords left to an account two tries from its limit, however many arrive at once', async () => {
    const email = 'quase@clinica.com.br';
    await person(api, email);
    for (let i = 0; i < 3; i += 1) await signIn(api, '203.0.113.2', email, `errada ${i}`).expect(403);
    const answers = await Promise.all(Array.from({ length: 64 }, (_, i) => signIn(api, '203.0.113.2', email, `paralela ${i}`)));
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 403: 2, 429: 62 });
    expect(await checkedAndRefused(api, email)).toBe(5);
  });

  it('refuses an address past 10 attempts whatever the accounts it tries, in parallel too', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(api, '203.0.113.3', `desconhecida${i}@clinica.com.br`, 'qualquer senha aqui')));
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 403: 10, 429: 20 });
  });

  it('never locks the owner out: after failures from many addresses, the right password from a fresh address signs in', async () => {
    const email = 'dona@clinica.com.br';
    await person(api, email);
    for (let i = 0; i < 12; i += 1) await signIn(api, `198.51.100.${i + 1}`, email, `errada ${i}`).expect(403);
    // Five more from one of those addresses: that pair is refused, the account is not.
    for (let i = 0; i < 4; i += 1) await signIn(api, '198.51.100.1', email, `outra ${i}`).expect(403);
    await signIn(api, '198.51.100.1', email, PASSWORD).expect(429);
    const owner = await signIn(api, '192.0.2.50', email, PASSWORD).expect(200);
    expect(owner.body.value).toEqual({ nome: 'Tereza Alvo', papel: 'autor', autor: 'Tereza Alvo' });
  });

  it('gives a right password its attempt back: signing in often from one address is never refused', async () => {
    const email = 'frequente@clinica.com.br';
    await person(api, email);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await signIn(api, '203.0.113.4', email, PASSWORD)).status);
    expect(tally(statuses)).toEqual({ 200: 12 });
  });

  it('signs in with a password chosen through a reset link, however many failures the address and the account have', async () => {
    const email = 'esquecida@clinica.com.br';
    await person(api, email);
    const address = '203.0.113.5';
    for (let i = 0; i < 10; i += 1) await signIn(api, address, email, `errada ${i}`);
    await signIn(api, address, email, PASSWORD).expect(429);
    const people = await api().get('/api/pessoas').set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).expect(200);
    const id = (people.body.value as { id: number; email: string }[]).find((item) => item.email === email)!.id;
    const issued = await api().post(`/api/pessoas/${id}/redefinicao`).set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).expect(200);
    const token = new URL(issued.body.value.redefinicao_url as string).pathname.split('/').at(-1)!;
    const reset = await api().post(`/api/pessoas/redefinicoes/${token}`).set('X-Forwarded-For', address).send({ senha: 'outra jabuticaba no quintal' }).expect(200);
    const cookie = [reset.headers['set-cookie']].flat()[0]!.split(';')[0]!;
    const session = await api().get('/api/sessao').set('X-Forwarded-For', address).set('Cookie', cookie).expect(200);
    expect(session.body.value).toEqual({ autor: 'Tereza Alvo' });
  });
});

describe.runIf(postgresUrl)('password sign-in limits on two instances sharing PostgreSQL', () => {
  let database: ScratchDatabase;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    database = await createScratchDatabase(postgresUrl!);
    a = await createTestApp({ assets: DEV_ASSETS, env: { ...ENV, DATABASE_URL: database.url } });
    b = await createTestApp({ assets: DEV_ASSETS, env: { ...ENV, DATABASE_URL: database.url } });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
  });

  it('counts one burst split between the instances once: 5 passwords checked in all', async () => {
    const email = 'duas@clinica.com.br';
    await person(() => request(a.app), email);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(() => request((i % 2 === 0 ? a : b).app), '203.0.113.9', email, `errada ${i}`)));
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 403: 5, 429: 35 });
    expect(await checkedAndRefused(() => request(b.app), email)).toBe(5);
  });
});
