import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPhotoArticle } from '../../bench/photo-article.js';
import { hasBrowser, launchBrowser, VIEWPORTS, type ViewportName } from './support/browser.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

/**
 * The privacy policy promises visitors no cookie, nothing stored in their browser and no request to
 * anyone but this site. This test holds every public page kind to it: a change that adds a cookie,
 * storage, an analytics script, a web font or an image from elsewhere to a public page fails here.
 */

/** Set before any page script runs: records every write to the browser's storage, even one undone later. */
function watchStorageWrites() {
  const writes: string[] = [];
  (window as unknown as { storageWrites: string[] }).storageWrites = writes;
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
    writes.push(`${this === window.localStorage ? 'localStorage' : 'sessionStorage'}: ${key}`);
    return setItem.call(this, key, value);
  };
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
    writes.push(`indexedDB: ${name}`);
    return open.call(this, name, version);
  };
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  Object.defineProperty(Document.prototype, 'cookie', {
    get: cookie.get,
    set(value: string) {
      writes.push(`document.cookie: ${value}`);
      cookie.set!.call(this, value);
    },
  });
}

/** Everything the browser keeps for the site after the visit. */
async function browserState(page: Page) {
  return page.evaluate(async () => ({
    writes: (window as unknown as { storageWrites: string[] }).storageWrites,
    cookie: document.cookie,
    localStorage: Object.keys(localStorage),
    sessionStorage: Object.keys(sessionStorage),
    indexedDB: (await indexedDB.databases()).map((database) => database.name),
    caches: await caches.keys(),
    serviceWorkers: (await navigator.serviceWorker.getRegistrations()).length,
  }));
}

/**
 * An article signed by a person with a public profile, and her author page: the profile saved through the
 * account page's form, the article published with her personal API key.
 */
async function signedArticle(base: string): Promise<{ article: string; author: string }> {
  const json = { 'content-type': 'application/json' };
  const invited = await fetch(`${base}/api/pessoas/convites`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${TEST_EDITOR_KEY}` },
    body: JSON.stringify({ nome: 'Ana Souza', email: 'ana@clinica.com.br', papel: 'autor' }),
  });
  const token = new URL(((await invited.json()) as { value: { convite_url: string } }).value.convite_url).pathname.split('/').at(-1)!;
  const senha = 'jabuticaba azul no telhado';
  await fetch(`${base}/api/pessoas/convites/${token}`, { method: 'POST', headers: json, body: JSON.stringify({ senha }) });
  const signIn = await fetch(`${base}/api/sessao`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'ana@clinica.com.br', senha }) });
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  const profile = new URLSearchParams({ acao: 'perfil', tratamento: 'Dra.', nome_publico: 'Ana Souza', slug: 'ana-souza', profissao: 'MÉDICA', conselho: 'CRM', registro: '123456', uf: 'SP', bio: 'Dermatologista.' });
  expect((await fetch(`${base}/editor/conta`, { method: 'POST', headers: { cookie, origin: base }, body: profile, redirect: 'manual' })).status).toBe(303);
  const created = await fetch(`${base}/api/pessoas/eu/chaves`, { method: 'POST', headers: { ...json, cookie, origin: base }, body: JSON.stringify({ nome: 'Teste', senha_atual: senha }) });
  const { chave } = ((await created.json()) as { value: { chave: string } }).value;
  const article = await fetch(`${base}/api/artigos/novo`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${chave}` },
    body: JSON.stringify({ titulo: 'Pele no verão', titulo_url: 'pele-no-verao', descricao: 'Cuidados com a pele.', keywords: 'pele', conteudo: '<p>Use protetor solar.</p>' }),
  });
  const { value: id } = (await article.json()) as { value: number };
  return { article: new URL((await fetch(`${base}/noticias/${id}`)).url).pathname, author: '/autores/ana-souza' };
}

/** Scrolls to the bottom so that lazy images load too, then waits for the network to go quiet. */
async function loadWhole(page: Page, url: string): Promise<number | undefined> {
  const response = await page.goto(url, { waitUntil: 'load' });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForLoadState('networkidle');
  return response?.status();
}

/** An article published and then removed through the API: its address answers 410. */
async function removedArticlePath(base: string): Promise<string> {
  const api = (path: string, init: RequestInit) =>
    fetch(`${base}/api${path}`, { ...init, headers: { Authorization: `Bearer ${TEST_EDITOR_KEY}`, 'Content-Type': 'application/json' } });
  const created = await api('/artigos/novo', {
    method: 'POST',
    body: JSON.stringify({ titulo: 'Artigo que sairá do ar', titulo_url: 'artigo-que-saira-do-ar', descricao: 'Publicado para ser removido.', keywords: 'teste', conteudo: '<p>Texto.</p>' }),
  });
  const { value: id } = (await created.json()) as { value: number };
  const path = new URL((await fetch(`${base}/noticias/${id}`)).url).pathname;
  expect((await api(`/artigos/${id}`, { method: 'DELETE' })).status).toBe(200);
  return path;
}

describe.runIf(hasBrowser)('visitors are not tracked', () => {
  let server: RunningServer;
  let browser: Browser;
  let pages: { kind: string; path: string; status: number }[];

  beforeAll(async () => {
    server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' });
    // An editor's article with photos (main image and two in the body), through the API.
    const photoArticle = new URL((await fetch(`${server.url}/noticias/${await createPhotoArticle(server.url, TEST_EDITOR_KEY)}`)).url).pathname;
    const gonePath = await removedArticlePath(server.url);
    const signed = await signedArticle(server.url);
    pages = [
      { kind: 'início', path: '/', status: 200 },
      { kind: 'sobre', path: '/prontivo', status: 200 },
      { kind: 'planos', path: '/preco-prontuario-eletronico', status: 200 },
      { kind: 'privacidade', path: '/privacidade', status: 200 },
      { kind: 'notícias', path: '/noticias', status: 200 },
      { kind: 'artigo com fotos', path: photoArticle, status: 200 },
      { kind: 'artigo assinado', path: signed.article, status: 200 },
      { kind: 'autor', path: signed.author, status: 200 },
      { kind: 'não encontrada', path: '/caminho/que-nao-existe', status: 404 },
      { kind: 'removido', path: gonePath, status: 410 },
    ];
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`at ${VIEWPORTS[viewport].width} px, every public page kind sets no cookie, stores nothing and asks only this site`, async () => {
      // One context for the whole visit, as a reader going from page to page: anything set anywhere stays to be seen.
      const context: BrowserContext = await browser.newContext({ viewport: VIEWPORTS[viewport], locale: 'pt-BR' });
      await context.addInitScript(watchStorageWrites);
      try {
        const page = await context.newPage();
        const requested: string[] = [];
        const cookiesSent: string[] = [];
        page.on('request', (request) => requested.push(request.url()));
        page.on('response', async (response) => {
          const setCookie = await response.headerValue('set-cookie');
          if (setCookie) cookiesSent.push(`${response.url()}: ${setCookie}`);
        });
        for (const { kind, path, status } of pages) {
          expect(await loadWhole(page, `${server.url}${path}`), kind).toBe(status);
          expect(await browserState(page), kind).toEqual({ writes: [], cookie: '', localStorage: [], sessionStorage: [], indexedDB: [], caches: [], serviceWorkers: 0 });
          expect(await context.cookies(), kind).toEqual([]);
        }
        expect(cookiesSent).toEqual([]);
        // The visit did load images, styles and icons: all of them from the site's own origin.
        expect(requested.filter((url) => /\.(?:avif|webp|jpe?g|png|svg)$/.test(new URL(url).pathname)).length).toBeGreaterThan(3);
        expect(requested.filter((url) => new URL(url).origin !== server.url)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
