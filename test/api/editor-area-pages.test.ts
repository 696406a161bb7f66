import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTimePtBr } from '../../src/content/format-date-time.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createArticle, createTestApp, TEST_EDITOR_AUTHOR, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { validateHtml } from '../support/vnu.js';
import { executableScripts } from './news-html.js';

const SITE_URL = 'http://127.0.0.1:3999';
const ORIGIN = { Origin: SITE_URL };
const FAKE_KEY = TEST_EDITOR_KEY;
const FAKE_AUTHOR = TEST_EDITOR_AUTHOR;

async function signIn(app: TestApp['app']): Promise<string> {
  const res = await request(app).post('/editor/entrar').set(ORIGIN).type('form').send({ chave: FAKE_KEY, volta: '/editor' }).expect(303);
  return String(res.headers['set-cookie']?.[0]).split(';')[0]!;
}

function expectPrivatePage(res: request.Response): void {
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
  expect(res.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
  expect(res.text).toContain('<html lang="pt-BR">');
}

/** The only scripts a streamed page may run: React's, which put the streamed parts in place, with this response's CSP nonce. */
function expectOnlyNoncedScripts(res: request.Response): void {
  const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
  expect(nonce).toBeDefined();
  for (const tag of executableScripts(res.text)) expect(tag).toBe(`<script nonce="${nonce}">`);
}

describe('editor area: signing in and out', () => {
  let t: TestApp;
  let app: TestApp['app'];
  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL, EDITOR_KEY_MAX_FAILURES: '3' } });
    app = t.app;
  });
  afterAll(() => t.close());

  it('sends a stranger from any area page to the sign-in form, keeping where they were going', async () => {
    for (const path of ['/editor', '/editor/artigos/7/historico?x=1', '/editor/qualquer-coisa']) {
      const res = await request(app).get(path).expect(303);
      expect(res.headers.location).toBe(`/editor/entrar?volta=${encodeURIComponent(path)}`);
    }
  });

  it('shows forms that work without script, in Portuguese, private and unindexed; the only script is for passkeys', async () => {
    const res = await request(app).get('/editor/entrar?volta=%2Feditor%2Fartigos%2F7').expect(200);
    expectPrivatePage(res);
    expect(executableScripts(res.text)).toEqual(['<script type="module" src="/src/client/passkeys-entry.ts">']);
    expect(res.text).toContain('<form class="area-form" method="post" action="/editor/entrar"');
    expect(res.text).toContain('<label for="entrar-email">E-mail</label>');
    expect(res.text).toContain('<label for="entrar-senha">Senha</label>');
    expect(res.text).toContain('<label for="entrar-chave">Chave de editor</label>');
    expect(res.text).toMatch(/<div class="area-passkey-sign-in com-passkey" hidden="">\s*<button id="entrar-passkey" type="button" class="button button-secondary" data-api="\/api" data-volta="\/editor\/artigos\/7">Entrar com chave de acesso \(passkey\)<\/button>/);
    expect(res.text).toContain('name="volta" value="/editor/artigos/7"');
    // E-mail and password, then the passkey, then the server's key behind its own door, closed (issue 34).
    const order = ['for="entrar-email"', 'id="entrar-passkey"', '<details class="area-admin-key"><summary>Sou o administrador do servidor</summary>', 'for="entrar-chave"'].map((part) => res.text.indexOf(part));
    expect(order.every((at, index) => at > 0 && (index === 0 || at > order[index - 1]!))).toBe(true);
    expect(res.text).toContain('/src/styles/editor-area.css');
  });

  it('opens the session with the right key and goes to the return path with 303', async () => {
    const res = await request(app)
      .post('/editor/entrar')
      .set(ORIGIN)
      .type('form')
      .send({ chave: `  ${FAKE_KEY} `, volta: '/editor/artigos/7/historico' })
      .expect(303);
    expect(res.headers.location).toBe('/editor/artigos/7/historico');
    expect(String(res.headers['set-cookie'])).toMatch(/^sessao_editor=[\w-]+; Max-Age=43200; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Strict$/);
  });

  it.each([
    ['https://mal.example/editor', '/editor'],
    ['//mal.example/editor', '/editor'],
    ['/\\mal.example', '/editor'],
    ['/noticias', '/editor'],
    ['/editor/entrar', '/editor'],
    ['/novo-artigo', '/novo-artigo'],
    ['/editor?busca=a%20b&status=rascunho', '/editor?busca=a%20b&status=rascunho'],
  ])('follows return path %s only within the editor pages (to %s)', async (volta, location) => {
    const res = await request(app).post('/editor/entrar').set(ORIGIN).type('form').send({ chave: FAKE_KEY, volta }).expect(303);
    expect(res.headers.location).toBe(location);
  });

  it('refuses a post from another site', async () => {
    const res = await request(app).post('/editor/entrar').set('Origin', 'https://mal.example').type('form').send({ chave: FAKE_KEY }).expect(403);
    expect(res.text).toContain('Envio recusado: o formulário não veio deste site.');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('says what is wrong with a missing key, and counts refused keys until 429', async () => {
    const empty = await request(app).post('/editor/entrar').set(ORIGIN).type('form').send({ chave: ' ' }).expect(400);
    expect(empty.text).toContain('Informe a chave de editor.');
    expect(empty.text).toContain('aria-invalid="true"');
    // The administrator's door stands open when its form has something to say.
    expect(empty.text).toContain('<details class="area-admin-key" open=""><summary>Sou o administrador do servidor</summary>');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await request(app).post('/editor/entrar').set(ORIGIN).type('form').send({ chave: 'chave-errada-000' }).expect(403);
      expect(wrong.text).toContain('Chave de editor inválida. Confira e tente de novo.');
    }
    const limited = await request(app).post('/editor/entrar').set(ORIGIN).type('form').send({ chave: FAKE_KEY }).expect(429);
    expect(limited.text).toContain('Muitas tentativas com chave inválida.');
    expect(limited.headers['set-cookie']).toBeUndefined();
  });
});

describe('editor area: pages of a signed-in editor', () => {
  let t: TestApp;
  let app: TestApp['app'];
  let cookie: string;
  /** The article with a dangerous body and two versions (the second by another editor). */
  let dangerous: number;
  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL } });
    app = t.app;
    dangerous = (
      await createArticle(t.repo, {
        titulo: 'Conteúdo perigoso',
        status: 'rascunho',
        conteudo: '<p>Seguro</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
      })
    ).id;
    const { titulo_url, descricao, keywords, conteudo } = (await t.repo.articles.get(dangerous))!;
    await t.repo.articles.update(dangerous, { autor: 'Outro Editor', acao: 'editado', content: { titulo: 'Conteúdo perigoso revisto', titulo_url, descricao, keywords, conteudo } });
    for (let day = 1; day <= 25; day += 1) {
      const status = (['rascunho', 'publicado', 'agendado', 'despublicado'] as const)[day % 4]!;
      const publicarEm = status === 'agendado' ? { publicar_em: '2030-01-01T12:00:00.000Z' } : {};
      const created = await createArticle(t.repo, { titulo: `Artigo do dia ${day}`, status: status === 'despublicado' ? 'publicado' : status, ...publicarEm });
      if (status === 'despublicado') {
        await t.repo.articles.update(created.id, { autor: FAKE_AUTHOR, acao: 'despublicado', status: { status: 'despublicado', publicar_em: null } });
      }
    }
    cookie = await signIn(app);
  });
  afterAll(() => t.close());

  it('goes straight on from the sign-in page when already signed in', async () => {
    const res = await request(app).get('/editor/entrar?volta=%2Feditor%3Fpagina%3D2').set('Cookie', cookie).expect(303);
    expect(res.headers.location).toBe('/editor?pagina=2');
  });

  it('lists articles with state, author and last change on the São Paulo clock, newest first, no script', async () => {
    const res = await request(app).get('/editor').set('Cookie', cookie).expect(200);
    expectPrivatePage(res);
    expectOnlyNoncedScripts(res);
    expect(res.text).toContain('26 artigos');
    expect(res.text.indexOf('Artigo do dia 25')).toBeLessThan(res.text.indexOf('Artigo do dia 24'));
    const newest = (await t.repo.articles.list({ pageIndex: 1, pageSize: 1 })).items[0]!;
    expect(res.text).toContain(`<time dateTime="${newest.data_atualizacao}">${formatDateTimePtBr(newest.data_atualizacao)}</time>`);
    expect(res.text).toContain('class="area-state area-state-despublicado">Despublicado');
    expect(res.text).toContain(`Conectado como <strong>${FAKE_AUTHOR}</strong>`);
    expect(res.text).toContain('<form method="post" action="/editor/sair">');
    expect(res.text).toContain(`href="/editor/artigos/${newest.id}"`);
    expect(res.text).toContain(`href="/editor/artigos/${newest.id}/historico"`);
    expect(res.text).toContain(`href="/editor/previa/${newest.id}"`);
    expect(res.text).toContain('<a class="button button-primary" href="/novo-artigo">Novo artigo</a>');
    expect(res.text).toContain('href="/editor?pagina=2">Próxima');
  });

  it('passes search and state filter to the server, keeps them in the form and the paging links', async () => {
    const res = await request(app).get('/editor?busca=dia%201&status=publicado&pagina=1').set('Cookie', cookie).expect(200);
    expect(res.text).toContain('value="dia 1"');
    expect(res.text).toMatch(/<option value="publicado" selected="">Publicado<\/option>/);
    // Whole words, as the search index finds them: "1" is the day 1, not 10 or 11.
    expect(res.text).toContain('1 artigo<');
    const second = await request(app).get('/editor?status=bogus&pagina=2&busca=').set('Cookie', cookie).expect(200);
    expect(second.text).toContain('Página 2 de 2');
    expect(second.text).toContain('href="/editor">← Anterior');
    const none = await request(app).get('/editor?busca=inexistente').set('Cookie', cookie).expect(200);
    expect(none.text).toContain('Nenhum artigo encontrado com esses filtros.');
  });

  it('mounts the article form in edit mode with the editor script, for an article in any state', async () => {
    const res = await request(app).get(`/editor/artigos/${dangerous}`).set('Cookie', cookie).expect(200);
    expectPrivatePage(res);
    expect(executableScripts(res.text)).toEqual(['<script type="module" src="/src/entry-client.tsx">']);
    expect(res.text).toContain(`<div id="editor-artigo" data-api-base="/api" data-article-id="${dangerous}" data-autor="${FAKE_AUTHOR}" data-pode-revisar="sim" data-pode-corrigir="sim" data-pode-definir-revisao="sim" data-meses-revisao="12">`);
    expect(res.text).toContain('<h1 id="editar-artigo-titulo">Editar artigo</h1>');
    expect(res.text).toContain('Conteúdo perigoso revisto');
    await request(app).get('/editor/artigos/999').set('Cookie', cookie).expect(404);
    const stranger = await request(app).get(`/editor/artigos/${dangerous}`).expect(303);
    expect(stranger.headers.location).toBe(`/editor/entrar?volta=%2Feditor%2Fartigos%2F${dangerous}`);
  });

  it('shows the history newest first with who, what and when, each version viewable', async () => {
    const res = await request(app).get(`/editor/artigos/${dangerous}/historico`).set('Cookie', cookie).expect(200);
    expectPrivatePage(res);
    expectOnlyNoncedScripts(res);
    expect(res.text.indexOf('Versão 2')).toBeLessThan(res.text.indexOf('Versão 1'));
    expect(res.text).toContain(' · Editado · Outro Editor');
    expect(res.text).toContain(` · Criado · ${FAKE_AUTHOR}`);
    const [edited] = await t.repo.revisions.revisions(dangerous);
    expect(res.text).toContain(formatDateTimePtBr(edited!.data));
    expect(res.text).toContain(`href="/editor/artigos/${dangerous}/historico/1">Ver versão 1 ou restaurar`);
  });

  it('renders a version read-only and sanitised, with a restore that asks for confirmation', async () => {
    const res = await request(app).get(`/editor/artigos/${dangerous}/historico/1`).set('Cookie', cookie).expect(200);
    expectPrivatePage(res);
    expect(res.text).toContain('Somente leitura');
    expect(res.text).toContain('<h2>Conteúdo perigoso</h2>');
    expect(res.text).toContain('<p>Seguro</p>');
    expect(res.text).not.toContain('alert(');
    expect(res.text).toContain('<summary>Restaurar esta versão…</summary>');
    expect(res.text).toContain(`action="/editor/artigos/${dangerous}/historico/1/restaurar"><input type="hidden" name="versao" value="2"/>`);
    const current = await request(app).get(`/editor/artigos/${dangerous}/historico/2`).set('Cookie', cookie).expect(200);
    expect(current.text).not.toContain('restaurar"');
  });

  it('restores as a new version by the signed-in editor, then shows the history', async () => {
    await request(app).post(`/editor/artigos/${dangerous}/historico/1/restaurar`).set('Cookie', cookie).set('Origin', 'https://mal.example').expect(403);
    const res = await request(app).post(`/editor/artigos/${dangerous}/historico/1/restaurar`).set('Cookie', cookie).set(ORIGIN).expect(303);
    expect(res.headers.location).toBe(`/editor/artigos/${dangerous}/historico?restaurada=3`);
    const history = await request(app).get(res.headers.location!).set('Cookie', cookie).expect(200);
    expect(history.text).toContain('Versão restaurada: ela agora é a versão 3, a atual.');
    expect(history.text).toContain(` · Restaurado de uma versão anterior · ${FAKE_AUTHOR}`);
  });

  it('answers 404 for unknown articles and versions, and asks strangers to sign in before restoring', async () => {
    for (const path of ['/editor/artigos/999/historico', '/editor/artigos/abc/historico', `/editor/artigos/${dangerous}/historico/99`, '/editor/nada']) {
      await request(app).get(path).set('Cookie', cookie).expect(404);
    }
    await request(app).post('/editor/artigos/999/historico/1/restaurar').set('Cookie', cookie).set(ORIGIN).expect(404);
    const stranger = await request(app).post(`/editor/artigos/${dangerous}/historico/1/restaurar`).set(ORIGIN).expect(303);
    expect(stranger.headers.location).toMatch(/^\/editor\/entrar\?volta=/);
  });

  it('writes valid HTML on every area page (W3C checker)', async () => {
    const documents: Record<string, string> = {
      entrar: (await request(app).get('/editor/entrar')).text,
      'entrar com erro': (await request(app).post('/editor/entrar').set(ORIGIN).type('form').send({ chave: '' })).text,
    };
    for (const path of ['/editor', '/editor?busca=nada', `/editor/artigos/${dangerous}`, `/editor/artigos/${dangerous}/historico?restaurada=2`, `/editor/artigos/${dangerous}/historico/1`]) {
      documents[path] = (await request(app).get(path).set('Cookie', cookie).expect(200)).text;
    }
    const errors = await validateHtml(documents);
    for (const [name, messages] of Object.entries(errors)) expect(messages, name).toEqual([]);
  });

  it('signs out from any page: the session ends and the form says so', async () => {
    const own = await signIn(app);
    const res = await request(app).post('/editor/sair').set('Cookie', own).set(ORIGIN).expect(303);
    expect(res.headers.location).toBe('/editor/entrar?saiu');
    await request(app).get('/editor').set('Cookie', own).expect(303);
    const form = await request(app).get('/editor/entrar?saiu').expect(200);
    expect(form.text).toContain('Você saiu da área do editor.');
  });
});

describe('editor area: private pages are streamed', () => {
  let t: TestApp;
  let origin: string;
  let cookie: string;
  let close: () => void;
  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL } });
    for (let index = 0; index < 30; index += 1) await createArticle(t.repo, { status: 'rascunho' });
    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
    cookie = await signIn(t.app);
  });
  afterAll(async () => {
    close();
    await t.close();
  });

  /** The response as it arrived on the wire: status, headers and each chunk in order. */
  function chunksOf(path: string): Promise<{ status: number; headers: Record<string, unknown>; chunks: string[] }> {
    return new Promise((resolve, reject) => {
      get(`${origin}${path}`, { headers: { Cookie: cookie } }, (res) => {
        const chunks: string[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, chunks }));
      }).on('error', reject);
    });
  }

  it('sends the head and the shell first, then the article list in a later chunk', async () => {
    const { status, headers, chunks } = await chunksOf('/editor');
    expect(status).toBe(200);
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(headers['content-length']).toBeUndefined();
    expect(chunks.length).toBeGreaterThan(1);
    const shellEnd = chunks.findIndex((chunk) => chunk.includes('Carregando artigos…'));
    const listAt = chunks.findIndex((chunk) => chunk.includes('30 artigos'));
    expect(shellEnd).toBeGreaterThanOrEqual(0);
    expect(chunks.slice(0, shellEnd + 1).join('')).toContain('<link rel="stylesheet" href="/src/styles/editor-area.css"/>');
    expect(listAt).toBeGreaterThan(shellEnd);
  });

  it('streams the history behind its heading too', async () => {
    const id = (await t.repo.articles.list({ pageIndex: 1, pageSize: 1 })).items[0]!.id;
    const { status, chunks } = await chunksOf(`/editor/artigos/${id}/historico`);
    expect(status).toBe(200);
    const headingAt = chunks.findIndex((chunk) => chunk.includes('<h1 id="historico-titulo">Histórico</h1>'));
    const versionsAt = chunks.findIndex((chunk) => chunk.includes('Ver versão 1'));
    expect(headingAt).toBeGreaterThanOrEqual(0);
    expect(versionsAt).toBeGreaterThan(headingAt);
  });

  it('decides the status before streaming: 303 to sign in, 404 for an unknown article', async () => {
    const stranger = await new Promise<{ status: number; location: unknown }>((resolve, reject) => {
      get(`${origin}/editor`, (res) => {
        res.resume();
        resolve({ status: res.statusCode!, location: res.headers.location });
      }).on('error', reject);
    });
    expect(stranger).toEqual({ status: 303, location: '/editor/entrar?volta=%2Feditor' });
    const unknown = await chunksOf('/editor/artigos/99999/historico');
    expect(unknown.status).toBe(404);
    expect(unknown.chunks.join('')).toContain('Página não encontrada.');
  });
});
