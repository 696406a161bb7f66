import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createArticle, createTestApp, type TestApp } from '../support/app.js';
import { fromPageCache } from '../support/page-cache.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.js';

/** Registered only when the global setup found a PostgreSQL server (always in CI). */
const servers = [inject('postgresUrl')].filter((url): url is string => url !== null);

async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condição não atingida a tempo');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(servers)('news pages on PostgreSQL, two instances', (serverUrl) => {
  let database: ScratchDatabase;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await createScratchDatabase(serverUrl);
    a = await createTestApp({ assets: DEV_ASSETS, env: { DATABASE_URL: database.url } });
    b = await createTestApp({ assets: DEV_ASSETS, env: { DATABASE_URL: database.url } });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
  });

  it("empties one instance's page cache when the other publishes an article", async () => {
    await createArticle(a.repo, { titulo: 'Primeira publicação' });
    await eventually(async () => (await request(b.app).get('/noticias').expect(200)).text.includes('Primeira publicação'));
    // Wait until B serves /noticias from its cache, then publish on A.
    await eventually(async () => fromPageCache((await request(b.app).get('/noticias').expect(200)).headers));
    await createArticle(a.repo, { titulo: 'Publicada na outra instância' });
    await eventually(async () => (await request(b.app).get('/noticias').expect(200)).text.includes('Publicada na outra instância'));
  });

  it('renders the article and redirects short URLs the same way as on SQLite', async () => {
    const article = await createArticle(a.repo, { titulo: 'Artigo no PostgreSQL', titulo_url: 'artigo-no-postgresql' });
    const redirect = await request(b.app).get(`/noticias/${article.id}`).expect(301);
    expect(redirect.headers.location).toMatch(new RegExp(`^/noticias/${article.id}/\\d{4}/\\d{2}/\\d{2}/artigo-no-postgresql$`));
    const res = await request(b.app).get(redirect.headers.location!).expect(200);
    expect(res.text).toContain('<h1>Artigo no PostgreSQL</h1>');
  });
});
