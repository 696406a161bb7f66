import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StoredArticle } from '../../src/db/repository.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createArticle, createTestApp, type TestApp } from '../support/app.js';
import { articleBody, expectFailure } from '../support/articles-api.js';
import { executableScripts } from './news-html.js';

const ERROR_ID = /<code class="server-error-id">([0-9a-f]{12})<\/code>/;

describe('news pages when something fails', () => {
  let t: TestApp;
  let article: StoredArticle;
  const logged: { errorId?: string; msg: string }[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logged.push(JSON.parse(chunk.toString()) as { errorId?: string; msg: string });
        callback();
      },
    });
    t = await createTestApp({ assets: DEV_ASSETS, logger: pino({ level: 'error' }, sink), env: { PAGE_CACHE_ENTRIES: '0' } });
    article = await createArticle(t.repo, { titulo: 'Artigo estável' });
  });
  afterEach(() => {
    // Only these spies: the console.error guard of the test setup keeps its own.
    for (const current of [t.repo.articles.get, t.repo.publicArticles.latest, t.repo.ping, t.repo.articles.create]) {
      if (vi.isMockFunction(current)) current.mockRestore();
    }
    logged.length = 0;
  });
  afterAll(() => t.close());

  it('shows a Portuguese error page with 500 and the logged error id when storage fails', async () => {
    vi.spyOn(t.repo.articles, 'get').mockRejectedValueOnce(new Error('falha de leitura simulada'));
    const res = await request(t.app).get(`/noticias/${article.id}`).expect(500).expect('Content-Type', /text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('<h1 id="erro-titulo">Erro interno no servidor</h1>');
    expect(res.text).toContain('<html lang="pt-BR">');
    expect(res.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(res.text).not.toContain('falha de leitura simulada');
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
    expect(executableScripts(res.text)).toEqual([]);
    const errorId = ERROR_ID.exec(res.text)?.[1];
    expect(errorId).toBeDefined();
    expect(logged).toContainEqual(expect.objectContaining({ errorId, msg: 'falha ao montar página de notícias' }));
  });

  it('says the service is unavailable (503, Retry-After) when the database does not answer', async () => {
    vi.spyOn(t.repo.publicArticles, 'latest').mockRejectedValueOnce(new Error('conexão recusada'));
    vi.spyOn(t.repo, 'ping').mockRejectedValueOnce(new Error('conexão recusada'));
    const res = await request(t.app).get('/noticias').expect(503).expect('Retry-After', '30');
    expect(res.text).toContain('<h1 id="erro-titulo">Serviço temporariamente indisponível</h1>');
    expect(res.text).toMatch(ERROR_ID);
    expect(logged).toContainEqual(expect.objectContaining({ msg: 'armazenamento indisponível' }));
  });

  it('answers 503 when the database resets its connection (ECONNRESET is the database failing, not the visitor leaving)', async () => {
    const path = (await request(t.app).get(`/noticias/${article.id}`).expect(301)).headers.location!;
    const reset = () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    vi.spyOn(t.repo.articles, 'get').mockRejectedValue(reset());
    vi.spyOn(t.repo, 'ping').mockRejectedValue(reset());
    await request(t.app).get(path).expect(503).expect('Retry-After', '30');
    const api = await request(t.app).get(`/api/artigos/${article.id}`).expect(503);
    expect(api.body.messages).toEqual(['Serviço temporariamente indisponível: o banco de dados não respondeu. Tente novamente em instantes.']);
  });

  it('answers a write whose database connection resets with 503, not a dropped connection, once its body was read', async () => {
    // Node destroys a request once its body is consumed, so req.destroyed alone once took this reset for
    // the client leaving and dropped the socket: the writer saw "other side closed" during PostgreSQL stops.
    const reset = () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    vi.spyOn(t.repo.articles, 'create').mockRejectedValue(reset());
    vi.spyOn(t.repo, 'ping').mockRejectedValue(reset());
    const res = await request(t.app).post('/api/artigos/novo').send(articleBody({ titulo: 'Escrita durante a queda' }));
    expect(expectFailure(res, 503, 'artigos/novo')).toEqual([
      'Serviço temporariamente indisponível: o banco de dados não respondeu. Tente novamente em instantes.',
    ]);
    expect(res.headers['retry-after']).toBe('30');
  });

  it('answers the feed with the error page too', async () => {
    vi.spyOn(t.repo.publicArticles, 'latest').mockRejectedValueOnce(new Error('falha simulada'));
    const res = await request(t.app).get('/noticias/feed.xml').expect(500);
    expect(res.text).toMatch(ERROR_ID);
  });

  it('turns a rendering error into the 500 page, never a stack trace', async () => {
    vi.spyOn(t.repo.articles, 'get').mockResolvedValueOnce({ ...article, data_publicacao: 'data inválida' });
    const res = await request(t.app).get(`/noticias/${article.id}`).expect(500);
    expect(res.text).toContain('<h1 id="erro-titulo">Erro interno no servidor</h1>');
    expect(res.text).not.toContain('RangeError');
  });

  it('still serves the page once storage is back', async () => {
    const res = await request(t.app).get(`/noticias/${article.id}`).redirects(1).expect(200);
    expect(res.text).toContain('<h1>Artigo estável</h1>');
  });
});

describe('news pages while the database is away', () => {
  let t: TestApp;
  let article: StoredArticle;
  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, logger: pino({ level: 'silent' }) });
    article = await createArticle(t.repo, { titulo: 'Artigo lido antes da queda' });
  });
  afterAll(() => t.close());

  it('keeps serving the last copy of a cached page past its lifetime (stale-if-error), and 503 for the rest', async () => {
    const path = (await request(t.app).get(`/noticias/${article.id}`).expect(301)).headers.location!;
    const fresh = await request(t.app).get(path).expect(200);
    const spies: Array<{ mockRestore(): void }> = [];
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60_000);
      const away = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      spies.push(vi.spyOn(t.repo.articles, 'get').mockRejectedValue(away), vi.spyOn(t.repo.publicArticles, 'latest').mockRejectedValue(away));
      const stale = await request(t.app).get(path).expect(200);
      expect(stale.text).toBe(fresh.text);
      const list = await request(t.app).get('/noticias?pagina=2').expect(503);
      expect(list.headers['retry-after']).toBe('30');
    } finally {
      vi.useRealTimers();
      for (const spy of spies) spy.mockRestore();
    }
  });
});
