import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hasBrowser, launchBrowser, saveScreenshot, trackProblems, VIEWPORTS, type ViewportName } from './support/browser.js';
import { contentHtml, EDITOR, PNG_1X1, publish, typeInEditor } from './support/editor-page.js';
import { phonePhoto } from './support/phone-photo.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

const envelope = (messages: string[]) => JSON.stringify({ status: 0, messages, command: 'artigos/upload-imagem', value: null, fcrj: 1 });
const REFUSAL = 'A imagem tem mais de 50 megapixels. Reduza-a e envie de novo.';

describe.runIf(hasBrowser)('article form: drafts on the server, atomic publishing and uploads (issues 9 and 11)', () => {
  let server: RunningServer;
  let browser: Browser;
  let photo: Buffer;

  beforeAll(async () => {
    [server, browser, photo] = await Promise.all([startBuiltServer(), launchBrowser(), phonePhoto()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A browser context signed in with the editor key (the session cookie of issue 11). */
  async function signedIn(viewport: ViewportName = 'desktop'): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport], locale: 'pt-BR' });
    const answer = await context.request.post(`${server.url}/api/sessao`, { data: { key: TEST_EDITOR_KEY }, headers: { origin: server.url } });
    expect(answer.status()).toBe(200);
    return context;
  }

  async function open(context: BrowserContext, path: string) {
    const page = await context.newPage();
    const problems = trackProblems(page);
    await page.goto(`${server.url}${path}`);
    await page.waitForSelector(EDITOR);
    // /novo-artigo shows the key field unless the page knows the session.
    if (await page.locator('#artigo-chave').count()) await page.locator('#artigo-chave').fill(TEST_EDITOR_KEY);
    return { page, problems };
  }

  async function fillArticle(page: Page, titulo: string, text = 'Um parágrafo escrito no navegador.') {
    await page.locator('#artigo-titulo').fill(titulo);
    await page.locator('#artigo-descricao').fill(`Descrição de ${titulo}.`);
    await typeInEditor(page, text);
  }

  const articleIdOf = (page: Page) => Number(/\/editor\/artigos\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);

  const readArticle = async (id: number, withKey: boolean) =>
    fetch(`${server.url}/api/artigos/${id}`, withKey ? { headers: { authorization: `Bearer ${TEST_EDITOR_KEY}` } } : {});

  it('a phone photo shows its thumbnail, pixel size and progress; "Usar como imagem principal" fills the fields; the published article shows it', async () => {
    const context = await signedIn();
    const { page, problems } = await open(context, '/novo-artigo');
    await fillArticle(page, 'Foto do consultório');
    await page.getByRole('button', { name: 'Salvar rascunho' }).click();
    await page.getByText('Rascunho salvo.').waitFor();
    const id = articleIdOf(page);
    expect(id).toBeGreaterThan(0);

    // A slow uplink, so that the progress bar can be seen moving.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 3 * 1024 * 1024 });
    expect(photo.length).toBeGreaterThan(2 * 1_048_576);
    await page.locator('.upload-slot input[type="file"]').last().setInputFiles({ name: 'IMG_20261122_101500.jpg', mimeType: 'image/jpeg', buffer: photo });
    const progress = page.locator('.upload-uploading progress');
    await progress.waitFor();
    await page.waitForFunction(() => {
      const bar = document.querySelector<HTMLProgressElement>('.upload-uploading progress');
      return bar !== null && bar.value > 0 && bar.value < 1;
    });
    expect(await page.getByRole('img', { name: 'Miniatura de IMG_20261122_101500.jpg' }).isVisible()).toBe(true);
    // The browser decodes the photo upright (EXIF orientation 6): portrait.
    await page.locator('.upload-uploading .upload-size').getByText('3000 × 4000 px').waitFor();
    await page.getByText('Arquivo carregado: IMG_20261122_101500.jpg').waitFor();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    const size = await page.locator('.upload-uploaded .upload-size').innerText();
    const [width, height] = size.match(/\d+/g)!.map(Number) as [number, number];
    expect(height).toBeGreaterThan(width);
    await page.getByRole('button', { name: 'Usar como imagem principal' }).click();
    const nome = await page.locator('#artigo-imagem-nome').inputValue();
    expect(nome).toMatch(/\.jpe?g$/i);
    expect([await page.locator('#artigo-imagem-largura').inputValue(), await page.locator('#artigo-imagem-altura').inputValue()]).toEqual([
      String(width),
      String(height),
    ]);
    await page.locator('#artigo-imagem-caption').fill('A sala de espera');
    await page.getByLabel('Texto alternativo', { exact: true }).fill('Sala de espera com cadeiras azuis e uma janela');

    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'formulario-upload-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'formulario-upload-mobile');
    await page.setViewportSize(VIEWPORTS.desktop);

    await publish(page);
    await page.getByText('Artigo cadastrado!').waitFor();
    // Issue 22: what was published stays in the form, with the files' results, on the article's own page.
    expect(page.url()).toBe(`${server.url}/editor/artigos/${id}`);
    expect(await page.locator('#artigo-titulo').inputValue()).toBe('Foto do consultório');
    expect(await page.locator('#artigo-imagem-caption').inputValue()).toBe('A sala de espera');
    // The file sent before publishing stays listed as sent, with its size.
    expect(await page.locator('.upload-uploaded .upload-name').allInnerTexts()).toEqual(['IMG_20261122_101500.jpg']);
    expect(await page.getByRole('link', { name: 'Escrever outro artigo' }).getAttribute('href')).toBe('/novo-artigo');
    await saveScreenshot(page, 'formulario-publicado-desktop');
    const href = await page.getByRole('link', { name: 'Ver o artigo publicado' }).getAttribute('href');
    expect(href).toMatch(new RegExp(`^/noticias/${id}/`));
    await page.goto(`${server.url}${href}`);
    expect(await page.locator('h1').innerText()).toBe('Foto do consultório');
    const main = page.locator(`img[src*="/assets/artigos/${id}/"]`).first();
    await main.waitFor();
    // The main image's own alternative text; the caption stays the caption.
    expect(await main.getAttribute('alt')).toBe('Sala de espera com cadeiras azuis e uma janela');
    expect(await page.locator('figcaption').innerText()).toBe('A sala de espera');
    expect(await main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a refused upload keeps the article a draft and the file in its slot; a retry sends only that file', async () => {
    const context = await signedIn();
    const { page, problems } = await open(context, '/novo-artigo');
    const sent: string[] = [];
    await page.route('**/api/artigos/upload-imagem', async (route) => {
      const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
      const name = /filename="([^"]+)"/.exec(body)?.[1] ?? '';
      sent.push(name);
      if (name === 'segunda.png' && sent.filter((item) => item === name).length === 1) {
        await route.fulfill({ status: 422, contentType: 'application/json; charset=utf-8', body: envelope([REFUSAL]) });
        return;
      }
      await route.continue();
    });
    await fillArticle(page, 'Artigo com imagem recusada');
    await page.locator('.upload-slot input[type="file"]').last().setInputFiles({ name: 'primeira.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await page.locator('.upload-slot input[type="file"]').last().setInputFiles({ name: 'segunda.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await publish(page);
    await page.getByText(/Nada foi publicado: o artigo continua como rascunho/).waitFor();
    await page.getByText('Arquivo carregado: primeira.png').waitFor();
    expect(await page.getByText('Artigo cadastrado!').count()).toBe(0);
    const id = articleIdOf(page);
    expect((await readArticle(id, false)).status).toBe(404);
    expect(((await (await readArticle(id, true)).json()) as { value: { status: string } }).value.status).toBe('rascunho');

    const failed = page.locator('.upload-failed');
    expect(await failed.locator('.upload-name').innerText()).toBe('segunda.png');
    expect(await failed.locator('.upload-refusal').innerText()).toBe(REFUSAL);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'formulario-recusa-desktop');

    await failed.getByRole('button', { name: 'Tentar de novo' }).click();
    await page.getByText('Arquivo carregado: segunda.png').waitFor();
    await publish(page);
    await page.getByText('Artigo cadastrado!').waitFor();
    expect(sent).toEqual(['primeira.png', 'segunda.png', 'segunda.png']);
    expect((await readArticle(id, false)).status).toBe(200);
    expect(problems.filter((problem) => !problem.includes('422'))).toEqual([]);
    await context.close();
  });

  it('asks before leaving while text or a chosen file is not on the server, and not once it is', async () => {
    const context = await signedIn();
    const { page, problems } = await open(context, '/novo-artigo');
    const asked: string[] = [];
    // Stay on the first question (to check nothing was lost), leave on any later one.
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void (asked.length === 1 ? dialog.dismiss() : dialog.accept());
    });
    // A chosen file, no title: nothing can reach the server yet.
    await page.locator('.upload-slot input[type="file"]').last().setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await typeInEditor(page, 'Texto só nesta aba.');
    // Reloading from the page itself: the dismissed question leaves it where it was, with nothing to wait for.
    await page.evaluate(() => window.location.reload());
    await page.waitForFunction(() => document.readyState === 'complete');
    expect(asked).toEqual(['beforeunload']);
    expect(await contentHtml(page)).toBe('<p>Texto só nesta aba.</p>');
    expect(await page.locator('.upload-slot .upload-name').first().innerText()).toBe('foto.png');

    // Everything on the server (the draft, then the file with it): leaving asks nothing.
    await page.locator('#artigo-titulo').fill('Sem perguntas ao sair');
    await page.getByRole('button', { name: 'Salvar rascunho' }).click();
    await page.getByText('Rascunho salvo.').waitFor();
    await page.getByText('Arquivo carregado: foto.png').waitFor();
    await page.reload();
    await page.waitForSelector(EDITOR);
    expect(asked).toEqual(['beforeunload']);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a draft is saved on the server a few seconds after typing stops and survives a reload', async () => {
    const context = await signedIn();
    const { page, problems } = await open(context, '/novo-artigo');
    const created = page.waitForResponse((response) => response.url().endsWith('/api/artigos/novo') && response.request().method() === 'POST');
    await fillArticle(page, 'Rascunho no servidor', 'Primeira parte.');
    expect((await created).status()).toBe(200);
    await page.getByText(/Rascunho salvo no servidor às/).waitFor();
    const id = articleIdOf(page);
    expect(id).toBeGreaterThan(0);

    const updated = page.waitForResponse((response) => response.url().endsWith(`/api/artigos/${id}`) && response.request().method() === 'PUT');
    await typeInEditor(page, ' Segunda parte.');
    expect((await updated).status()).toBe(200);
    await page.waitForFunction(() => localStorage.length === 0);

    await page.reload();
    await page.waitForSelector(EDITOR);
    expect(await page.locator('#artigo-titulo').inputValue()).toBe('Rascunho no servidor');
    expect(await contentHtml(page)).toBe('<p>Primeira parte. Segunda parte.</p>');
    expect(await page.getByText('Rascunho restaurado.').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('two tabs on one article: the second save gets the conflict message, and nothing is lost', async () => {
    const context = await signedIn('mobile');
    const draft = await context.request.post(`${server.url}/api/artigos/novo`, {
      data: { key: TEST_EDITOR_KEY, status: 'rascunho', titulo: 'Duas abas', titulo_url: 'duas-abas', descricao: 'D', keywords: '', conteudo: '<p>Início.</p>' },
    });
    const id = ((await draft.json()) as { value: number }).value;
    const first = await open(context, `/editor/artigos/${id}`);
    const second = await open(context, `/editor/artigos/${id}`);

    const saved = first.page.waitForResponse((response) => response.request().method() === 'PUT');
    await first.page.locator('#artigo-titulo').fill('Duas abas (aba 1)');
    expect((await saved).status()).toBe(200);

    // The first tab holds the editing (issue 34): the second takes it over, then writes on the version it read.
    await second.page.getByRole('button', { name: 'Assumir a edição' }).click();
    await second.page.getByRole('button', { name: 'Assumir a edição' }).waitFor({ state: 'detached' });
    const refused = second.page.waitForResponse((response) => response.request().method() === 'PUT');
    await typeInEditor(second.page, ' Texto da aba 2.');
    expect((await refused).status()).toBe(409);
    const alert = second.page.getByRole('alert').filter({ hasText: 'Este artigo foi alterado em outra aba ou por outra pessoa' });
    await alert.waitFor();
    expect(await contentHtml(second.page)).toBe('<p>Início. Texto da aba 2.</p>');
    expect(await axeViolations(second.page)).toEqual([]);
    await saveScreenshot(second.page, 'formulario-conflito-mobile');

    await alert.getByRole('button', { name: 'Salvar a minha versão' }).click();
    await second.page.getByText('A sua versão foi salva no servidor.').waitFor();
    const stored = ((await (await readArticle(id, true)).json()) as { value: { titulo: string; conteudo: string } }).value;
    expect([stored.titulo, stored.conteudo]).toEqual(['Duas abas', '<p>Início. Texto da aba 2.</p>']);
    expect(first.problems).toEqual([]);
    expect(second.problems.filter((problem) => !problem.includes('409'))).toEqual([]);
    await context.close();
  });

  it('Enter in a one-line field never saves or publishes', async () => {
    const context = await signedIn();
    const { page } = await open(context, '/novo-artigo');
    await fillArticle(page, 'Enter não publica');
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    for (const id of ['artigo-titulo', 'artigo-titulo-url', 'artigo-keywords', 'artigo-imagem-nome', 'artigo-imagem-largura']) {
      await page.locator(`#${id}`).press('Enter');
    }
    await page.waitForTimeout(300);
    // A submit would open the confirmation (the form is valid) or change the state; a draft autosave may run.
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(writes.filter((write) => write.endsWith('/status'))).toEqual([]);
    expect(await page.getByText('Artigo cadastrado!').count()).toBe(0);
    await context.close();
  });
});
