import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from '../e2e/support/server.js';
import { articleBody } from '../support/articles-api.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { createArticleOver, within, type Envelope } from './support/api.js';

const bin = findPostgresBin();
const PROPAGATION_MS = 1_000;
const SCHEDULER_INTERVAL_MS = 1_000;
const AUTH = { authorization: `Bearer ${TEST_EDITOR_KEY}`, 'content-type': 'application/json' };

async function call<T>(url: string, init: RequestInit = {}): Promise<{ status: number; body: Envelope<T> }> {
  const response = await fetch(url, { ...init, headers: { ...AUTH, ...init.headers } });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

/** The canonical URL of an article, as the instance redirects to it. */
async function canonicalUrl(base: string, id: number): Promise<string> {
  const short = await fetch(`${base}/noticias/${id}`, { redirect: 'manual' });
  return new URL(short.headers.get('location')!, base).toString();
}

describe.runIf(bin)('fluxo editorial com duas instâncias sobre um PostgreSQL', () => {
  let cluster: PostgresCluster;
  let one: RunningServer;
  let two: RunningServer;

  beforeAll(async () => {
    cluster = await startPostgresCluster(bin!);
    const env = { DATABASE_URL: cluster.url, SEED_SAMPLE_ARTICLES: 'false', SCHEDULER_INTERVAL_MS: String(SCHEDULER_INTERVAL_MS) };
    one = await startBuiltServer(env);
    two = await startBuiltServer(env);
  });
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await cluster?.destroy();
  });

  it('an edit on one instance is on the other’s cached page within 1 s; unpublishing there answers 410', async () => {
    const id = await createArticleOver(one.url, 'Título antes da edição');
    const url = await canonicalUrl(two.url, id);
    const path = new URL(url).pathname;
    // Fill the second instance's page cache with the old title.
    expect(await (await fetch(url)).text()).toContain('Título antes da edição');
    expect(await (await fetch(url)).text()).toContain('Título antes da edição');

    const saved = await call<{ versao: number }>(`${one.url}/api/artigos/${id}`, {
      method: 'PUT',
      body: JSON.stringify({ ...articleBody({ titulo: 'Título depois da edição', titulo_url: 'titulo-antes-da-edicao' }), key: undefined, versao: 1 }),
    });
    expect(saved.status).toBe(200);
    const edited = await within(PROPAGATION_MS, async () => (await (await fetch(`${two.url}${path}`)).text()).includes('Título depois da edição'));
    expect(edited, 'edição visível na segunda instância').not.toBeNull();

    const stale = await call(`${two.url}/api/artigos/${id}`, { method: 'PUT', body: JSON.stringify({ ...articleBody(), key: undefined, versao: 1 }) });
    expect(stale.status).toBe(409);

    expect((await call(`${one.url}/api/artigos/${id}/status`, { method: 'POST', body: JSON.stringify({ status: 'despublicado' }) })).status).toBe(200);
    const gone = await within(PROPAGATION_MS, async () => (await fetch(`${two.url}${path}`)).status === 410);
    expect(gone, '410 na segunda instância').not.toBeNull();
    console.info(`[figuras] edição visível na outra instância em ${edited} ms; despublicação em ${gone} ms`);
  });

  it('a session opened on one instance works on the other', async () => {
    const signIn = await fetch(`${one.url}/api/sessao`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: TEST_EDITOR_KEY }) });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const who = await fetch(`${two.url}/api/sessao`, { headers: { cookie } });
    expect(who.status).toBe(200);
    const create = await fetch(`${two.url}/api/artigos/novo`, {
      method: 'POST',
      headers: { cookie, origin: two.url, 'content-type': 'application/json' },
      body: JSON.stringify({ ...articleBody(), key: undefined, status: 'rascunho' }),
    });
    expect(create.status).toBe(200);
  });

  it('a deactivation on one instance refuses the very next request on the other: session and personal key', async () => {
    const json = { 'content-type': 'application/json' };
    const invited = await call<{ id: number; convite_url: string }>(`${one.url}/api/pessoas/convites`, {
      method: 'POST',
      body: JSON.stringify({ nome: 'Rita Campos', email: 'rita@clinica.com.br', papel: 'editor' }),
    });
    expect(invited.status).toBe(200);
    const token = new URL(invited.body.value.convite_url).pathname.split('/').at(-1)!;
    const senha = 'jabuticaba azul no telhado';
    expect((await fetch(`${two.url}/api/pessoas/convites/${token}`, { method: 'POST', headers: json, body: JSON.stringify({ senha }) })).status).toBe(200);
    const signIn = await fetch(`${two.url}/api/sessao`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'rita@clinica.com.br', senha }) });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const created = await fetch(`${two.url}/api/pessoas/eu/chaves`, { method: 'POST', headers: { ...json, cookie, origin: two.url }, body: JSON.stringify({ nome: 'Script', senha_atual: senha }) });
    const { chave } = ((await created.json()) as Envelope<{ chave: string }>).value;
    const asRita = { session: { cookie }, key: { authorization: `Bearer ${chave}` } };
    expect((await fetch(`${two.url}/api/sessao`, { headers: asRita.session })).status).toBe(200);
    expect((await fetch(`${two.url}/api/artigos/lista`, { method: 'POST', headers: { ...json, ...asRita.key }, body: '{"pageIndex":1,"pageSize":1}' })).status).toBe(200);

    const deactivated = await call(`${one.url}/api/pessoas/${invited.body.value.id}`, { method: 'PATCH', body: JSON.stringify({ ativo: false }) });
    expect(deactivated.status).toBe(200);
    // No waiting: the person's state is read with each credential, in the shared database.
    expect((await fetch(`${two.url}/api/sessao`, { headers: asRita.session })).status).toBe(401);
    expect((await fetch(`${two.url}/api/artigos/lista`, { method: 'POST', headers: { ...json, ...asRita.key }, body: '{"pageIndex":1,"pageSize":1}' })).status).toBe(403);
    expect((await fetch(`${two.url}/editor`, { headers: asRita.session, redirect: 'manual' })).status).toBe(303);
  });

  it('publishes scheduled articles once each, with one history entry, while both instances tick', async () => {
    const at = new Date(Date.now() + 2_000);
    const ids: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const created = await call<number>(`${one.url}/api/artigos/novo`, {
        method: 'POST',
        body: JSON.stringify({ ...articleBody({ titulo: `Agendada ${i} para as duas instâncias`, titulo_url: `agendada-${i}` }), key: undefined, publicar_em: at.toISOString() }),
      });
      expect(created.status).toBe(200);
      ids.push(created.body.value);
    }
    // Both lists are cached before the time comes.
    for (const server of [one, two]) expect(await (await fetch(`${server.url}/noticias`)).text()).not.toContain('Agendada 0');

    const published = await within(60_000, async () => {
      const list = await call<{ items: { status: string }[] }>(`${two.url}/api/artigos/lista`, { method: 'POST', body: JSON.stringify({ pageIndex: 1, pageSize: 50, status: 'agendado' }) });
      return list.body.value.items.length === 0;
    });
    expect(published).not.toBeNull();
    const delay = Date.now() - at.getTime();
    const onBoth = await within(PROPAGATION_MS, async () => {
      const pages = await Promise.all([one, two].map(async (server) => (await fetch(`${server.url}/noticias`)).text()));
      return pages.every((page) => ids.every((_id, i) => page.includes(`Agendada ${i} para as duas instâncias`)));
    });
    expect(onBoth, 'lista de ambas as instâncias').not.toBeNull();

    // A few more ticks of both schedulers must not publish anything again.
    await new Promise((resolve) => setTimeout(resolve, 2 * SCHEDULER_INTERVAL_MS));
    for (const id of ids) {
      const history = await call<{ acao: string }[]>(`${two.url}/api/artigos/${id}/revisoes`);
      expect(history.body.value.map((revision) => revision.acao)).toEqual(['publicado', 'criado']);
    }
    console.info(`[figuras] agendadas publicadas ${delay} ms após o horário (ciclo ${SCHEDULER_INTERVAL_MS} ms); nas duas listas ${onBoth} ms depois`);
  });
});
