import { createServer, request as httpRequest, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../../src/db/repository.js';
import type { FastPath } from '../../src/http/fast-path.js';
import { articlePath } from '../../src/routes/paths.js';
import { createArticle, createTestApp, type TestApp } from '../support/app.js';
import { servingPaths } from '../support/fast-path.js';
import { cachedResponse } from '../support/page-cache.js';

interface Raw {
  status: number;
  /** Header names as sent on the wire, without Date (which differs by the second). */
  headers: [string, string][];
  body: Buffer;
}

function raw(port: number, method: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ port, host: '127.0.0.1', method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        resolve({ status: res.statusCode!, headers: pairs.filter(([name]) => name.toLowerCase() !== 'date'), body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function listen(listener: RequestListener): Promise<Server> {
  const server = createServer(listener);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const portOf = (server: Server) => (server.address() as AddressInfo).port;
const header = (response: Raw, name: string) => response.headers.find(([key]) => key.toLowerCase() === name)?.[1];

const ENCODINGS = ['identity', 'gzip', 'br', 'gzip;q=0.5, br;q=0.9', '*'];

interface BothPaths {
  t: TestApp;
  article: Article;
  fast: FastPath;
  express: Server;
  fastServer: Server;
  fastListener: RequestListener;
  close(): Promise<void>;
}

/** One app with one article, listening twice: through Express alone, and with the fast path in front. */
async function bothPaths(env: Record<string, string> = {}): Promise<BothPaths> {
  const t = await createTestApp({ env });
  const article = await createArticle(t.repo, { titulo: 'Pressão arterial < 120/80', titulo_url: 'pressao-arterial' });
  const [expressPath, fastPath] = servingPaths(t);
  const express = await listen(expressPath!.listener);
  const fastServer = await listen(fastPath!.listener);
  return {
    t,
    article,
    fast: fastPath!.fast!,
    express,
    fastServer,
    fastListener: fastPath!.listener,
    async close() {
      express.close();
      fastServer.close();
      await t.close();
    },
  };
}

/** The fast path answers the request itself, with Express's status, headers and bytes, and exact framing. */
async function expectSameAnswer(paths: BothPaths, method: string, route: string, encoding: string): Promise<Raw> {
  const label = `${method} ${route} (${encoding})`;
  const served = paths.fast.served;
  const viaFast = await raw(portOf(paths.fastServer), method, route, { 'accept-encoding': encoding });
  expect(paths.fast.served, label).toBe(served + 1);
  const viaExpress = await raw(portOf(paths.express), method, route, { 'accept-encoding': encoding });
  expect(viaFast.status, label).toBe(200);
  expect(viaFast.headers, label).toEqual(viaExpress.headers);
  expect(viaFast.body.equals(viaExpress.body), label).toBe(true);
  // Framing: the declared length is the length of what GET sends.
  if (method === 'GET') expect(Number(header(viaFast, 'content-length')), label).toBe(viaFast.body.length);
  else expect(viaFast.body.length, label).toBe(0);
  return viaFast;
}

/** A matching If-None-Match: 304 without a body, with the same headers on both paths. */
async function expectSameNotModified(paths: BothPaths, route: string): Promise<void> {
  const first = await raw(portOf(paths.fastServer), 'GET', route, { 'accept-encoding': 'br' });
  const etag = header(first, 'etag')!;
  const viaFast = await raw(portOf(paths.fastServer), 'GET', route, { 'accept-encoding': 'br', 'if-none-match': etag });
  const viaExpress = await raw(portOf(paths.express), 'GET', route, { 'accept-encoding': 'br', 'if-none-match': etag });
  expect([viaFast.status, viaFast.body.length], route).toEqual([304, 0]);
  expect(viaFast.headers, route).toEqual(viaExpress.headers);
}

describe('fast path: the same bytes as Express, from memory', () => {
  let paths: BothPaths;
  let routes: string[];

  beforeAll(async () => {
    paths = await bothPaths();
    const { t, article, fastListener } = paths;
    routes = ['/', '/prontivo', '/preco-prontuario-eletronico', '/nao-encontrado', '/noticias', articlePath(article), t.deps.assets.siteCss];
    for (const path of ['/noticias', articlePath(article)]) await cachedResponse(fastListener, path);
  });
  afterAll(() => paths.close());

  it('answers every in-memory route with the status, headers and body Express sends, in each encoding, GET and HEAD', async () => {
    for (const route of routes) {
      for (const encoding of ENCODINGS) {
        for (const method of ['GET', 'HEAD']) await expectSameAnswer(paths, method, route, encoding);
      }
    }
  });

  it('answers a matching If-None-Match with 304 on both paths alike', async () => {
    for (const route of routes) await expectSameNotModified(paths, route);
  });

  it('leaves to Express what is not in memory or may depend on the visitor', async () => {
    const { article, fast, fastServer } = paths;
    const served = fast.served;
    const others = [
      ['GET', '/novo-artigo', {}],
      ['GET', '/api/artigos/next-id', {}],
      ['GET', '/api/openapi.json', {}],
      ['GET', `/noticias/${article.id}`, {}],
      ['GET', articlePath(article).toUpperCase(), {}],
      ['GET', '/noticias?pagina=1', {}],
      ['GET', '/noticias', { cookie: 'sessao=abc' }],
      ['GET', '/PRONTIVO', {}],
      ['POST', '/', {}],
      ['GET', '/healthz', {}],
    ] as const;
    for (const [method, path, headers] of others) {
      await raw(portOf(fastServer), method, path, headers);
      expect(fast.served, `${method} ${path}`).toBe(served);
    }
  });

  it('serves the news list again, rendered anew, as soon as a change empties the cache', async () => {
    const { t, fast, fastServer } = paths;
    await createArticle(t.repo, { titulo: 'Notícia nova depois do cache' });
    const served = fast.served;
    const list = await raw(portOf(fastServer), 'GET', '/noticias', { 'accept-encoding': 'identity' });
    expect(fast.served).toBe(served + 1);
    expect(list.body.toString()).toContain('Notícia nova depois do cache');
  });
});

describe('fast path: an article the page cache does not hold is rendered as Express renders it', () => {
  let paths: BothPaths;

  beforeAll(async () => {
    paths = await bothPaths({ PAGE_CACHE_ENTRIES: '0' });
  });
  afterAll(() => paths.close());

  it('sends the status, headers and bytes Express sends, in each encoding, GET and HEAD', async () => {
    const route = articlePath(paths.article);
    for (const encoding of ENCODINGS) {
      for (const method of ['GET', 'HEAD']) {
        const viaFast = await expectSameAnswer(paths, method, route, encoding);
        if (encoding === 'br') expect(header(viaFast, 'etag'), `${method} br`).toMatch(/^"[\w-]{27}-br-rapido"$/);
      }
    }
    await expectSameNotModified(paths, route);
  });

  it('leaves every other answer to Express: redirects, drafts, unknown, unpublished and deleted articles', async () => {
    const { t, article, fast, fastServer, express } = paths;
    const draft = await createArticle(t.repo, { titulo: 'Rascunho', status: 'rascunho' });
    const unpublished = await createArticle(t.repo, { titulo: 'Retirada' });
    await t.repo.articles.update(unpublished.id, { autor: 'Editora', acao: 'despublicado', status: { status: 'despublicado', publicar_em: null } });
    const deleted = await createArticle(t.repo, { titulo: 'Apagada' });
    await t.repo.articles.remove(deleted.id);
    const cases: [path: string, headers: Record<string, string>, status: number][] = [
      [`/noticias/${article.id}`, {}, 301],
      [`/noticias/${article.id}/2000/01/01/outro-titulo`, {}, 301],
      [articlePath(draft), {}, 404],
      ['/noticias/999999', {}, 404],
      [articlePath(unpublished), {}, 410],
      [articlePath(deleted), {}, 410],
      [`${articlePath(article)}?utm_source=boletim`, {}, 200],
      [articlePath(article), { cookie: 'sessao_editor=abc' }, 200],
    ];
    for (const [path, headers, status] of cases) {
      const served = fast.served;
      const viaFast = await raw(portOf(fastServer), 'GET', path, headers);
      const viaExpress = await raw(portOf(express), 'GET', path, headers);
      expect(fast.served, path).toBe(served);
      expect([viaFast.status, viaExpress.status], path).toEqual([status, status]);
      if (status === 301) expect(header(viaFast, 'location'), path).toBe(articlePath(article));
    }
  });
});
