import type { RequestListener } from 'node:http';
import { Writable } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clientAddressOf, withAccessLog } from '../../src/http/access-log.js';
import { createFastPath, type FastPath } from '../../src/http/fast-path.js';
import { withFastPath } from '../../src/http/fast-path-listener.js';
import { createLogger } from '../../src/logger.js';
import { articlePath } from '../../src/routes/paths.js';
import { readBuiltAssets } from '../../src/ssr/assets.js';
import { createArticle, createTestApp, type TestApp } from '../support/app.js';
import { Scrape, TEST_METRICS_TOKEN } from '../support/metrics.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.js';

interface LogLine {
  msg: string;
  reqId?: string;
  path?: string;
  status?: number;
}

/** The app as the built server composes it: the access log (and request ids, and metrics) around the fast path and Express. */
interface Served {
  t: TestApp;
  listener: RequestListener;
  fast: FastPath;
  lines: LogLine[];
}

async function served(env: Record<string, string>): Promise<Served> {
  const lines: LogLine[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const logger = createLogger({ logLevel: 'info', env: 'test' }, destination);
  const t = await createTestApp({ env, logger });
  const fast = createFastPath(t.deps, t.app.get('trust proxy fn'));
  const listener = withAccessLog(logger, clientAddressOf(t.app), withFastPath(fast, t.app), t.deps.metrics?.responded);
  return { t, listener, fast, lines };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function scrape(listener: RequestListener): Promise<Scrape> {
  const response = await request(listener).get('/metrics').set(bearer(TEST_METRICS_TOKEN));
  expect(response.status).toBe(200);
  return new Scrape(response.text);
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let s: Served;
  beforeAll(async () => {
    s = await served({});
  });
  afterAll(() => s.t.close());

  it('is the 404 page, as any unknown address, whatever the bearer', async () => {
    const unknown = await request(s.listener).get('/nao-existe-esta-pagina');
    for (const headers of [{}, bearer(TEST_METRICS_TOKEN)]) {
      const response = await request(s.listener).get('/metrics').set(headers);
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(response.text).toBe(unknown.text);
    }
    expect(s.t.deps.metrics).toBeUndefined();
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let s: Served;
  beforeAll(async () => {
    s = await served({ METRICS_TOKEN: TEST_METRICS_TOKEN });
  });
  afterAll(() => s.t.close());

  it('refuses a missing or wrong bearer with the same 404 page as an unknown address', async () => {
    const unknown = await request(s.listener).get('/nao-existe-esta-pagina');
    for (const headers of [{}, bearer(`${TEST_METRICS_TOKEN}x`), bearer(TEST_METRICS_TOKEN.slice(1)), { Authorization: TEST_METRICS_TOKEN }]) {
      const response = await request(s.listener).get('/metrics').set(headers);
      expect(response.status).toBe(404);
      expect(response.text).toBe(unknown.text);
      expect(response.text).not.toContain('prontivo_');
    }
  });

  it('answers the right bearer in Prometheus text format: site metrics prefixed, Node’s defaults with the event-loop lag', async () => {
    const response = await request(s.listener).get('/metrics').set(bearer(TEST_METRICS_TOKEN));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const names = new Scrape(response.text).families.map((family) => family.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'prontivo_http_requests_total',
        'prontivo_http_request_duration_seconds',
        'prontivo_fast_path_requests_total',
        'prontivo_page_cache_entries',
        'prontivo_page_cache_hits_total',
        'prontivo_page_cache_misses_total',
        'prontivo_page_cache_stale_served_total',
        'prontivo_db_pool_connections',
        'prontivo_db_pool_waiting',
        'prontivo_db_query_errors_total',
        'prontivo_outbox_pending',
        'prontivo_outbox_oldest_pending_age_seconds',
        'prontivo_image_queue_waiting',
        'prontivo_image_decode_seconds',
        'nodejs_eventloop_lag_seconds',
        'process_cpu_seconds_total',
      ]),
    );
  });

  it('counts a page request under its route pattern, never its path; an unknown address under “outra”', async () => {
    const article = await createArticle(s.t.repo);
    const pattern = '/noticias/:id/:ano/:mes/:dia/:titulo';
    const labels = { route: pattern, method: 'GET', status: '2xx' };
    const before = await scrape(s.listener);
    // A query string sends it to Express; without one the fast path answers: both count under the pattern.
    expect((await request(s.listener).get(`${articlePath(article)}?origem=teste`)).status).toBe(200);
    expect((await request(s.listener).get(articlePath(article))).status).toBe(200);
    await request(s.listener).get('/um/endereco/qualquer-123');
    await request(s.listener).get(`/api/artigos/${article.id}`);
    const after = await scrape(s.listener);
    expect(after.value('prontivo_http_requests_total', labels) - before.value('prontivo_http_requests_total', labels)).toBe(2);
    expect(after.observations('prontivo_http_request_duration_seconds', labels) - before.observations('prontivo_http_request_duration_seconds', labels)).toBe(2);
    expect(after.value('prontivo_http_requests_total', { route: 'outra', method: 'GET', status: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(after.value('prontivo_http_requests_total', { route: '/api/artigos/:id', method: 'GET', status: '2xx' })).toBe(1);
    const routes = after.labelValues('prontivo_http_requests_total', 'route');
    expect(routes).toContain('/metrics');
    expect(routes.some((route) => route.includes(String(article.id)) || route.includes('qualquer'))).toBe(false);
  });

  it('counts fast-path hits and misses, and page-cache hits, misses and entries', async () => {
    const article = await createArticle(s.t.repo);
    const before = await scrape(s.listener);
    const servedBefore = s.fast.served;
    await request(s.listener).get(articlePath(article));
    await request(s.listener).get(articlePath(article));
    await request(s.listener).get(readBuiltAssets('dist/client').siteCss);
    // A cookie makes the request Express's.
    await request(s.listener).get(articlePath(article)).set('Cookie', 'preferencia=1');
    expect(s.fast.served - servedBefore).toBe(3);
    const after = await scrape(s.listener);
    const delta = (name: string, labels?: Record<string, string>) => after.value(name, labels) - before.value(name, labels);
    expect(delta('prontivo_fast_path_requests_total', { result: 'hit' })).toBe(3);
    // The cookie's request, and the scrape itself.
    expect(delta('prontivo_fast_path_requests_total', { result: 'miss' })).toBe(2);
    // First view rendered; second (fast path) and third (Express) from the cache.
    expect(delta('prontivo_page_cache_misses_total')).toBe(1);
    expect(delta('prontivo_page_cache_hits_total')).toBe(2);
    expect(after.value('prontivo_page_cache_entries')).toBeGreaterThanOrEqual(1);
    expect(delta('prontivo_http_requests_total', { route: '/assets', method: 'GET', status: '2xx' })).toBe(1);
  });

  it('shows a delivery enqueued in the outbox’s depth and age, by kind; the pool as SQLite’s one connection', async () => {
    const before = await scrape(s.listener);
    expect(before.value('prontivo_outbox_pending', { kind: 'email' })).toBe(0);
    const enqueuedAt = new Date(Date.now() - 90_000).toISOString();
    await s.t.repo.outbox.enqueue({ kind: 'email', payload: { to: 'ana@clinica.com.br' } }, enqueuedAt);
    const after = await scrape(s.listener);
    expect(after.value('prontivo_outbox_pending', { kind: 'email' })).toBe(1);
    expect(after.value('prontivo_outbox_oldest_pending_age_seconds', { kind: 'email' })).toBeGreaterThanOrEqual(90);
    expect(after.value('prontivo_db_pool_connections', { state: 'in_use' }) + after.value('prontivo_db_pool_connections', { state: 'idle' })).toBe(1);
  });

  it('counts a failed query under its database code', async () => {
    const before = await scrape(s.listener);
    const invite = (email: string) =>
      s.t.repo.people.invite({ nome: 'Ana', email, papel: 'editor' }, { token_hash: 'a'.repeat(64), expira_em: new Date(Date.now() + 86_400_000).toISOString() });
    await invite('ana@clinica.com.br');
    // Another person with the same invitation token: the database refuses the row (its key).
    await expect(invite('bia@clinica.com.br')).rejects.toThrow();
    const after = await scrape(s.listener);
    const codes = after.labelValues('prontivo_db_query_errors_total', 'code');
    expect(codes.some((code) => code.startsWith('SQLITE_CONSTRAINT'))).toBe(true);
    const code = codes.find((candidate) => candidate.startsWith('SQLITE_CONSTRAINT'))!;
    expect(after.value('prontivo_db_query_errors_total', { code }) - before.value('prontivo_db_query_errors_total', { code })).toBe(1);
  });
});

const postgresServers = [inject('postgresUrl')].filter((url): url is string => url !== null);

describe.each(postgresServers)('GET /metrics on PostgreSQL', (serverUrl) => {
  let database: ScratchDatabase;
  let s: Served;
  beforeAll(async () => {
    database = await createScratchDatabase(serverUrl);
    s = await served({ METRICS_TOKEN: TEST_METRICS_TOKEN, DATABASE_URL: database.url });
  });
  afterAll(async () => {
    await s?.t.close();
    await database?.drop();
  });

  it('shows the pool’s connections and failed queries by SQLSTATE', async () => {
    const before = await scrape(s.listener);
    const invite = (email: string) =>
      s.t.repo.people.invite({ nome: 'Ana', email, papel: 'editor' }, { token_hash: 'a'.repeat(64), expira_em: new Date(Date.now() + 86_400_000).toISOString() });
    await invite('ana@clinica.com.br');
    await expect(invite('bia@clinica.com.br')).rejects.toThrow();
    const after = await scrape(s.listener);
    // 23505: unique_violation.
    expect(after.value('prontivo_db_query_errors_total', { code: '23505' }) - before.value('prontivo_db_query_errors_total', { code: '23505' })).toBe(1);
    const open = after.value('prontivo_db_pool_connections', { state: 'in_use' }) + after.value('prontivo_db_pool_connections', { state: 'idle' });
    expect(open).toBeGreaterThanOrEqual(1);
    expect(open).toBeLessThanOrEqual(10);
    expect(after.value('prontivo_db_pool_waiting')).toBe(0);
    expect(after.family('prontivo_db_pool_waiting')).toBeDefined();
  });
});

describe('request ids', () => {
  let s: Served;
  beforeAll(async () => {
    s = await served({});
  });
  afterAll(() => s.t.close());

  it('answers every request with X-Request-Id, on the fast path too, and a proxy’s short safe id is kept', async () => {
    const servedBefore = s.fast.served;
    const page = await request(s.listener).get('/prontivo');
    const again = await request(s.listener).get('/prontivo');
    expect(s.fast.served - servedBefore).toBe(2);
    const api = await request(s.listener).get('/api/artigos/next-id');
    const ids = [page.headers['x-request-id'], again.headers['x-request-id'], api.headers['x-request-id']];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
    expect((await request(s.listener).get('/prontivo').set('X-Request-Id', 'lb-7f3a.42')).headers['x-request-id']).toBe('lb-7f3a.42');
    for (const unsafe of ['<script>', 'a'.repeat(65), 'um id com espaços']) {
      const response = await request(s.listener).get('/prontivo').set('X-Request-Id', unsafe);
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('is on every log line of the request: the access line and a handler’s own warning', async () => {
    const response = await request(s.listener).post('/api/artigos/busca').set('Content-Type', 'application/json').send('{"q": ');
    expect(response.status).toBe(400);
    const id = response.headers['x-request-id'] as string;
    await expect.poll(() => s.lines.filter((line) => line.reqId === id).map((line) => line.msg)).toEqual(['requisição inválida', 'acesso']);
    const fast = await request(s.listener).get('/prontivo');
    await expect.poll(() => s.lines.find((line) => line.reqId === fast.headers['x-request-id'])).toMatchObject({ msg: 'acesso', path: '/prontivo', status: 200 });
    // Lines written outside any request carry none.
    s.t.deps.logger.info('fora de requisição');
    expect(s.lines.at(-1)).toMatchObject({ msg: 'fora de requisição' });
    expect(s.lines.at(-1)!.reqId).toBeUndefined();
  });
});
