import type { RequestListener } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { createAppContext } from '../../src/http/app-context.js';
import type { FastPath } from '../../src/http/fast-path.js';
import { articlePath } from '../../src/routes/paths.js';
import { createArticle, createTestApp, type TestApp } from '../support/app.js';
import { servingPaths } from '../support/fast-path.js';
import { cachedResponse } from '../support/page-cache.js';

/** The strict header policy every response must follow, whatever route produced it. */
function expectStrictHeaders(headers: Record<string, string>, route: string) {
  const csp = headers['content-security-policy'];
  expect(csp, route).toBeDefined();
  const directives = new Map(
    csp!.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values] as const;
    }),
  );
  expect(directives.get('default-src'), route).toEqual(["'self'"]);
  // A streamed private page also lets React's inline scripts run, by a nonce of its own response.
  const streamed = route === '/novo-artigo' || route.startsWith('/editor');
  expect(directives.get('script-src'), route).toEqual(streamed ? ["'self'", expect.stringMatching(/^'nonce-[\w+/]{22}=='$/)] : ["'self'"]);
  expect(directives.get('object-src'), route).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors'), route).toEqual(["'none'"]);
  expect(directives.get('base-uri'), route).toEqual(["'self'"]);
  expect(csp, route).not.toMatch(/unsafe-eval/);
  expect(headers['x-content-type-options'], route).toBe('nosniff');
  expect(headers['referrer-policy'], route).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], route).toBe('SAMEORIGIN');
  expect(headers['x-powered-by'], route).toBeUndefined();
}

describe.each(['Express', 'caminho rápido'])('política de cabeçalhos de segurança (%s)', (pathName) => {
  let app: TestApp;
  let listener: RequestListener;
  let fast: FastPath | undefined;
  const routes: string[] = [
    '/',
    '/prontivo',
    '/preco-prontuario-eletronico',
    '/nao-encontrado',
    '/rota-que-nao-existe',
    '/login',
    '/noticias',
    '/noticias/feed.xml',
    '/novo-artigo',
    '/sitemap.xml',
    '/robots.txt',
    '/healthz',
    '/site.webmanifest',
    '/api/artigos/next-id',
    '/api/artigos/999999',
    '/assets/artigos/1/nao-existe.png',
  ];

  beforeAll(async () => {
    app = await createTestApp();
    const article = await createArticle(app.repo);
    routes.push(articlePath(article), `/noticias/${article.id}`, `/api/artigos/${article.id}`, app.deps.assets.siteCss);
    ({ listener, fast } = servingPaths(app).find((path) => path.name === pathName)!);
    // Cached news pages are what the fast path serves: fill the cache first.
    for (const path of ['/noticias', articlePath(article)]) await cachedResponse(listener, path);
  });
  afterAll(() => app.close());

  it('vale para todas as rotas, com sucesso, redirecionamento ou erro', async () => {
    const statuses = new Set<number>();
    const servedBefore = fast?.served ?? 0;
    for (const route of routes) {
      const response = await request(listener).get(route);
      statuses.add(response.status);
      expectStrictHeaders(response.headers, route);
    }
    expect([...statuses]).toEqual(expect.arrayContaining([200, 301, 302, 404]));
    // Home, About, plans, not-found page, /noticias, the article and the CSS.
    if (fast) expect(fast.served - servedBefore).toBe(7);
  });

  it('vale também para POST e para erros de JSON', async () => {
    const response = await request(listener).post('/api/artigos/novo').set('content-type', 'application/json').send('{"quebrado"');
    expect(response.status).toBe(400);
    expectStrictHeaders(response.headers, 'POST /api/artigos/novo');
  });

  it('envia HSTS apenas atrás de HTTPS', async () => {
    const plain = await request(listener).get('/');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const behindTls = await request(listener).get('/').set('X-Forwarded-Proto', 'https');
    expect(behindTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('responde TRACE e outros métodos sem rota com 405 e Allow', async () => {
    for (const [method, path] of [['TRACE', '/'], ['DELETE', '/noticias'], ['PUT', app.deps.assets.siteCss], ['PATCH', '/prontivo']] as const) {
      const response = await request(listener)[method.toLowerCase() as 'trace' | 'delete' | 'put' | 'patch'](path);
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD');
      expectStrictHeaders(response.headers, `${method} ${path}`);
    }
    const api = await request(listener).trace('/api/artigos/novo');
    expect([api.status, api.headers.allow]).toEqual([405, 'POST']);
  });

  it('relaxes styles and allows the hot-reload socket only under the development server', async () => {
    const strict = (await request(listener).get('/')).headers['content-security-policy'] as string;
    expect(strict).toMatch(/style-src 'self';/);
    expect(strict).not.toMatch(/ws:/);
    const dev = await request(createApp(createAppContext({ ...app.deps, devServer: true }))).get('/healthz');
    const csp = dev.headers['content-security-policy'] as string;
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline';/);
    expect(csp).toMatch(/connect-src 'self' ws:;/);
    expect(csp).toMatch(/script-src 'self';/);
  });
});
