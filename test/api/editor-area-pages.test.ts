import express, { type Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEditorAreaRouter, guardRestOfArea } from '../../src/editor-area/router.js';
import { notFoundHandler } from '../../src/http/not-found.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { createFakeEditorArea, FAKE_AUTHOR, FAKE_KEY } from '../support/fake-editor-area.js';
import { validateHtml } from '../support/vnu.js';
import { executableScripts } from './news-html.js';

const SITE_URL = 'http://127.0.0.1:3999';
const ORIGIN = { Origin: SITE_URL };

function mount(t: TestApp, fake: ReturnType<typeof createFakeEditorArea>): Express {
  const app = express();
  app.use(createEditorAreaRouter(t.deps, fake.ports));
  app.use(guardRestOfArea(fake.ports));
  app.use(notFoundHandler(t.deps));
  return app;
}

async function signIn(app: Express): Promise<string> {
  const res = await request(app).post('/editor/entrar').set(ORIGIN).type('form').send({ chave: FAKE_KEY, volta: '/editor' }).expect(303);
  return String(res.headers['set-cookie']?.[0]).split(';')[0]!;
}

function expectPrivatePage(res: request.Response): void {
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
  expect(res.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
  expect(res.text).toContain('<html lang="pt-BR">');
}

describe('editor area: signing in and out', () => {
  let t: TestApp;
  let fake: ReturnType<typeof createFakeEditorArea>;
  let app: Express;
  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL, EDITOR_KEY_MAX_FAILURES: '3' } });
    fake = createFakeEditorArea(t.deps);
    app = mount(t, fake);
  });
  afterAll(() => t.close());

  it('sends a stranger from any area page to the sign-in form, keeping where they were going', async () => {
    for (const path of ['/editor', '/editor/artigos/7/historico?x=1', '/editor/qualquer-coisa']) {
      const res = await request(app).get(path).expect(303);
      expect(res.headers.location).toBe(`/editor/entrar?volta=${encodeURIComponent(path)}`);
    }
  });

  it('shows a form that works without script, in Portuguese, private and unindexed', async () => {
    const res = await request(app).get('/editor/entrar?volta=%2Feditor%2Fartigos%2F7').expect(200);
    expectPrivatePage(res);
    expect(executableScripts(res.text)).toEqual([]);
    expect(res.text).toContain('<form class="area-form" method="post" action="/editor/entrar"');
    expect(res.text).toContain('<label for="entrar-chave">Chave de editor</label>');
    expect(res.text).toContain('name="volta" value="/editor/artigos/7"');
    expect(res.text).toContain('/src/editor-area/editor-area.css');
  });

  it('opens the session with the right key and goes to the return path with 303', async () => {
    const res = await request(app)
      .post('/editor/entrar')
      .set(ORIGIN)
      .type('form')
      .send({ chave: `  ${FAKE_KEY} `, volta: '/editor/artigos/7/historico' })
      .expect(303);
    expect(res.headers.location).toBe('/editor/artigos/7/historico');
    expect(String(res.headers['set-cookie'])).toMatch(/sessao_editor=\w+; Path=\/; HttpOnly; SameSite=Strict/);
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
  let fake: ReturnType<typeof createFakeEditorArea>;
  let app: Express;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL } });
    fake = createFakeEditorArea(t.deps);
    for (let day = 1; day <= 25; day += 1) {
      const status = (['rascunho', 'publicado', 'agendado', 'despublicado'] as const)[day % 4]!;
      fake.addArticle(day, `Artigo do dia ${day}`, status, `2026-03-${String(day).padStart(2, '0')}T02:30:00.000Z`);
    }
    fake.addArticle(30, 'Conteúdo perigoso', 'rascunho', '2026-01-01T12:00:00.000Z', '<p>Seguro</p><script>alert(1)</script><img src="x" onerror="alert(2)">');
    fake.edit(30, 'Conteúdo perigoso revisto', '2026-01-02T12:00:00.000Z');
    app = mount(t, fake);
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
    expect(executableScripts(res.text)).toEqual([]);
    expect(res.text).toContain('26 artigos');
    expect(res.text.indexOf('Artigo do dia 25')).toBeLessThan(res.text.indexOf('Artigo do dia 24'));
    // 02:30 UTC on 25 March is 23:30 on the 24th in São Paulo.
    expect(res.text).toContain('<time dateTime="2026-03-25T02:30:00.000Z">24/03/2026, 23:30</time>');
    expect(res.text).toContain('class="area-state area-state-despublicado">Despublicado');
    expect(res.text).toContain(`Conectado como <strong>${FAKE_AUTHOR}</strong>`);
    expect(res.text).toContain('<form method="post" action="/editor/sair">');
    expect(res.text).toContain('href="/editor/artigos/25"');
    expect(res.text).toContain('href="/editor/artigos/25/historico"');
    expect(res.text).toContain('href="/editor/previa/25"');
    expect(res.text).toContain('<a class="button button-primary" href="/novo-artigo">Novo artigo</a>');
    expect(res.text).toContain('href="/editor?pagina=2">Próxima');
    expect(fake.listCalls.at(-1)).toEqual({ pageIndex: 1, pageSize: 20 });
  });

  it('passes search and state filter to the server, keeps them in the form and the paging links', async () => {
    const res = await request(app).get('/editor?busca=dia%201&status=publicado&pagina=1').set('Cookie', cookie).expect(200);
    expect(fake.listCalls.at(-1)).toEqual({ pageIndex: 1, pageSize: 20, status: 'publicado', busca: 'dia 1' });
    expect(res.text).toContain('value="dia 1"');
    expect(res.text).toMatch(/<option value="publicado" selected="">Publicado<\/option>/);
    expect(res.text).toContain('3 artigos');
    const second = await request(app).get('/editor?status=bogus&pagina=2&busca=').set('Cookie', cookie).expect(200);
    expect(fake.listCalls.at(-1)).toEqual({ pageIndex: 2, pageSize: 20 });
    expect(second.text).toContain('Página 2 de 2');
    expect(second.text).toContain('href="/editor">← Anterior');
    const none = await request(app).get('/editor?busca=inexistente').set('Cookie', cookie).expect(200);
    expect(none.text).toContain('Nenhum artigo encontrado com esses filtros.');
  });

  it('mounts the article form in edit mode with the editor script, for an article in any state', async () => {
    const res = await request(app).get('/editor/artigos/30').set('Cookie', cookie).expect(200);
    expectPrivatePage(res);
    expect(executableScripts(res.text)).toEqual(['<script type="module" src="/src/entry-client.tsx">']);
    expect(res.text).toContain(`<div id="editor-artigo" data-api-base="/api" data-article-id="30" data-autor="${FAKE_AUTHOR}">`);
    expect(res.text).toContain('<h1 id="editar-artigo-titulo">Editar artigo</h1>');
    expect(res.text).toContain('Conteúdo perigoso revisto');
    await request(app).get('/editor/artigos/31').set('Cookie', cookie).expect(404);
    const stranger = await request(app).get('/editor/artigos/30').expect(303);
    expect(stranger.headers.location).toBe('/editor/entrar?volta=%2Feditor%2Fartigos%2F30');
  });

  it('shows the history newest first with who, what and when, each version viewable', async () => {
    const res = await request(app).get('/editor/artigos/30/historico').set('Cookie', cookie).expect(200);
    expectPrivatePage(res);
    expect(res.text.indexOf('Versão 2')).toBeLessThan(res.text.indexOf('Versão 1'));
    expect(res.text).toContain(' · Editado · Outro Editor');
    expect(res.text).toContain(` · Criado · ${FAKE_AUTHOR}`);
    expect(res.text).toContain('02/01/2026, 09:00');
    expect(res.text).toContain('href="/editor/artigos/30/historico/1">Ver versão 1 ou restaurar');
  });

  it('renders a version read-only and sanitised, with a restore that asks for confirmation', async () => {
    const res = await request(app).get('/editor/artigos/30/historico/1').set('Cookie', cookie).expect(200);
    expectPrivatePage(res);
    expect(res.text).toContain('Somente leitura');
    expect(res.text).toContain('<h2>Conteúdo perigoso</h2>');
    expect(res.text).toContain('<p>Seguro</p>');
    expect(res.text).not.toContain('alert(');
    expect(res.text).toContain('<summary>Restaurar esta versão…</summary>');
    expect(res.text).toContain('action="/editor/artigos/30/historico/1/restaurar"><input type="hidden" name="versao" value="2"/>');
    const current = await request(app).get('/editor/artigos/30/historico/2').set('Cookie', cookie).expect(200);
    expect(current.text).not.toContain('restaurar"');
  });

  it('restores as a new version by the signed-in editor, then shows the history', async () => {
    await request(app).post('/editor/artigos/30/historico/1/restaurar').set('Cookie', cookie).set('Origin', 'https://mal.example').expect(403);
    const res = await request(app).post('/editor/artigos/30/historico/1/restaurar').set('Cookie', cookie).set(ORIGIN).expect(303);
    expect(res.headers.location).toBe('/editor/artigos/30/historico?restaurada=3');
    const history = await request(app).get(res.headers.location!).set('Cookie', cookie).expect(200);
    expect(history.text).toContain('Versão restaurada: ela agora é a versão 3, a atual.');
    expect(history.text).toContain(` · Restaurado de uma versão anterior · ${FAKE_AUTHOR}`);
  });

  it('answers 404 for unknown articles and versions, and asks strangers to sign in before restoring', async () => {
    for (const path of ['/editor/artigos/999/historico', '/editor/artigos/abc/historico', '/editor/artigos/30/historico/99', '/editor/nada']) {
      await request(app).get(path).set('Cookie', cookie).expect(404);
    }
    await request(app).post('/editor/artigos/999/historico/1/restaurar').set('Cookie', cookie).set(ORIGIN).expect(404);
    const stranger = await request(app).post('/editor/artigos/30/historico/1/restaurar').set(ORIGIN).expect(303);
    expect(stranger.headers.location).toMatch(/^\/editor\/entrar\?volta=/);
  });

  it('writes valid HTML on every area page (W3C checker)', async () => {
    const documents: Record<string, string> = {
      entrar: (await request(app).get('/editor/entrar')).text,
      'entrar com erro': (await request(app).post('/editor/entrar').set(ORIGIN).type('form').send({ chave: '' })).text,
    };
    for (const path of ['/editor', '/editor?busca=nada', '/editor/artigos/30', '/editor/artigos/30/historico?restaurada=2', '/editor/artigos/30/historico/1']) {
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
