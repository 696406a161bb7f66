import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from '../e2e/support/server.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { articleBody } from '../support/articles-api.js';
import { createArticleOver, type Envelope } from './support/api.js';

const bin = findPostgresBin();

interface LockView {
  minha: boolean;
  nome: string;
}

/** Issue 34: the editing lock lives in the shared database, so two instances behind one balancer agree on it. */
describe.runIf(bin)('a edição de um artigo vista por duas instâncias sobre um PostgreSQL', () => {
  let cluster: PostgresCluster;
  let one: RunningServer;
  let two: RunningServer;

  const call = async <T>(baseUrl: string, method: string, path: string, body: object) => {
    const response = await fetch(`${baseUrl}/api/artigos/${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_EDITOR_KEY}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  };
  const beat = async (baseUrl: string, id: number, titular: string) => (await call<LockView>(baseUrl, 'POST', `${id}/edicao`, { titular })).body.value;

  beforeAll(async () => {
    cluster = await startPostgresCluster(bin!);
    const env = { DATABASE_URL: cluster.url, SEED_SAMPLE_ARTICLES: 'false' };
    one = await startBuiltServer(env);
    two = await startBuiltServer(env);
  });
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await cluster?.destroy();
  });

  it('a tab on one instance holds the editing; a takeover through the other is learnt by it, and its save becomes a suggestion', async () => {
    const id = await createArticleOver(one.url, 'Artigo editado por duas instâncias');
    expect(await beat(one.url, id, 'aba-na-instancia-um-01')).toMatchObject({ minha: true });
    expect(await beat(two.url, id, 'aba-na-instancia-dois-2')).toMatchObject({ minha: false });

    expect((await call<LockView>(two.url, 'POST', `${id}/edicao/assumir`, { titular: 'aba-na-instancia-dois-2' })).body.value).toMatchObject({ minha: true });
    expect(await beat(one.url, id, 'aba-na-instancia-um-01')).toMatchObject({ minha: false });

    const save = await call(one.url, 'PUT', String(id), { ...articleBody({ key: TEST_EDITOR_KEY, titulo: 'Artigo editado por duas instâncias', titulo_url: 'artigo-editado-por-duas-instancias', conteudo: '<p>Texto da aba da instância um.</p>' }), versao: 1, edicao: 'aba-na-instancia-um-01' });
    expect(save.status).toBe(423);
    const kept = await fetch(`${two.url}/api/artigos/${id}/sugestoes`, { headers: { authorization: `Bearer ${TEST_EDITOR_KEY}` } });
    const suggestions = ((await kept.json()) as Envelope<{ conteudo: { conteudo: string } }[]>).value;
    expect(suggestions.map((suggestion) => suggestion.conteudo.conteudo)).toEqual(['<p>Texto da aba da instância um.</p>']);
  });

  it('twenty tabs opening one article at once through both instances: exactly one gets the editing', async () => {
    const id = await createArticleOver(two.url, 'Artigo aberto por vinte abas');
    const tabs = Array.from({ length: 20 }, (_, index) => `aba-concorrente-${String(index).padStart(4, '0')}`);
    const views = await Promise.all(tabs.map((titular, index) => beat(index % 2 === 0 ? one.url : two.url, id, titular)));
    expect(views.filter((view) => view.minha)).toHaveLength(1);
  });
});
