import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type RunningServer } from '../e2e/support/server.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { createArticleOver, within } from './support/api.js';

const bin = findPostgresBin();
const RECOVERY_DEADLINE_MS = 30_000;

describe.runIf(bin)('PostgreSQL parado com o servidor no ar', () => {
  let cluster: PostgresCluster;
  let server: RunningServer;
  let id: number;

  beforeAll(async () => {
    cluster = await startPostgresCluster(bin!);
    server = await startBuiltServer({ DATABASE_URL: cluster.url, SEED_SAMPLE_ARTICLES: 'false' });
    id = await createArticleOver(server.url, 'Artigo antes da queda do banco');
  });
  afterAll(async () => {
    await server?.stop();
    await cluster?.destroy();
  });

  it('responde 503 em português onde precisa do banco, mantém as páginas estáticas e se recupera sozinho', async () => {
    await cluster.kill();

    const api = await fetch(`${server.url}/api/artigos/${id}`);
    expect(api.status).toBe(503);
    const envelope = (await api.json()) as { status: number; messages: string[] };
    expect(envelope.status).toBe(0);
    expect(envelope.messages.join(' ')).toMatch(/indispon[ií]vel/i);

    // Never rendered before, so no cached copy can answer for the database.
    const page = await fetch(`${server.url}/noticias/${id}`, { redirect: 'manual' });
    expect(page.status).toBe(503);
    expect(await page.text()).toMatch(/indispon[ií]vel/i);

    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);

    for (const path of ['/', '/prontivo', '/preco-prontuario-eletronico']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
    }

    await cluster.start();
    const recovered = await within(RECOVERY_DEADLINE_MS, async () => (await fetch(`${server.url}/api/artigos/${id}`)).status === 200);
    expect(recovered, 'API de volta sem reiniciar o servidor').not.toBeNull();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const created = await createArticleOver(server.url, 'Artigo depois da volta do banco');
    expect(created).toBeGreaterThan(id);
  });
});
