import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, saveScreenshot, trackProblems, VIEWPORTS, type ViewportName } from './support/browser.js';
import { failOnPageErrors } from './support/page-errors.js';
import { checkAreaPage } from './support/editor-area.js';
import { EDITOR, PNG_1X1, typeInEditor } from './support/editor-page.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

describe.runIf(hasBrowser)('editor area: one bar, and one form with one vocabulary before and after the first save (issue 22)', () => {
  const pageErrors = failOnPageErrors();
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startBuiltServer(), pageErrors.launch()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(viewport: ViewportName): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport], locale: 'pt-BR' });
    const answer = await context.request.post(`${server.url}/api/sessao`, { data: { key: TEST_EDITOR_KEY }, headers: { origin: server.url } });
    expect(answer.status()).toBe(200);
    return context;
  }

  it.each(['mobile', 'desktop'] as const)('the area pages show one bar, with the way back to the site, at %s width', async (viewport) => {
    const context = await signedIn(viewport);
    const page = await context.newPage();
    const problems = trackProblems(page);
    for (const [path, name] of [
      ['/editor', 'uma-barra-lista'],
      ['/novo-artigo', 'uma-barra-novo-artigo'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      if (path === '/novo-artigo') await page.waitForSelector(EDITOR);
      expect(await page.locator('.site-header').isVisible()).toBe(false);
      expect(await page.locator('.area-bar').isVisible()).toBe(true);
      expect(await page.getByRole('navigation', { name: 'Principal' }).count()).toBe(0);
      const home = page.locator('.area-bar').getByRole('link', { name: /página inicial/ });
      expect(await home.getAttribute('href')).toBe('/');
      await checkAreaPage(page, name, viewport);
    }
    // Signed out, the site's header is the page's bar.
    const visitor = await browser.newPage({ viewport: VIEWPORTS[viewport] });
    await visitor.goto(`${server.url}/novo-artigo`);
    expect(await visitor.locator('.site-header').isVisible()).toBe(true);
    await visitor.close();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('"Salvar" is the same button before and after the first save, its confirmation says it publishes, and a chosen photo can be the main image before it is sent', async () => {
    const context = await signedIn('desktop');
    const page = await context.newPage();
    const problems = trackProblems(page);
    await page.goto(`${server.url}/novo-artigo`);
    await page.waitForSelector(EDITOR);
    await page.locator('.upload-slot input[type="file"]').last().setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await page.locator('.upload-queued .upload-size').getByText('1 × 1 px').waitFor();
    await page.locator('.upload-queued').getByRole('button', { name: 'Usar como imagem principal' }).click();
    expect(await page.locator('#artigo-imagem-nome').inputValue()).toBe('capa.png');
    expect(await page.locator('#artigo-imagem-largura').inputValue()).toBe('1');
    expect(await page.locator('#artigo-imagem-altura').inputValue()).toBe('1');
    await page.getByRole('button', { name: 'Salvar', exact: true }).waitFor();

    await page.locator('#artigo-imagem-caption').fill('Capa do artigo');
    await page.locator('#artigo-titulo').fill('Uma só forma');
    await page.locator('#artigo-descricao').fill('O mesmo formulário antes e depois de salvar.');
    await typeInEditor(page, 'Texto.');
    await page.getByRole('button', { name: 'Salvar rascunho' }).click();
    await page.getByText('Rascunho salvo.').waitFor();
    await page.getByText('Arquivo carregado: capa.png').waitFor();
    await page.reload();
    await page.waitForSelector(EDITOR);
    // The article's own page: the same words, the same image actions.
    expect(new URL(page.url()).pathname).toMatch(/^\/editor\/artigos\/\d+$/);
    expect(await page.getByRole('button', { name: 'Publicar', exact: true }).count()).toBe(0);
    expect(await page.locator('#artigo-imagem-nome').inputValue()).toBe('capa.png');
    await page.locator('.upload-uploaded').getByRole('button', { name: 'Usar como imagem principal' }).waitFor();
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Salvar e publicar o artigo?' });
    await dialog.getByText('"Salvar" publica', { exact: false }).waitFor();
    await saveScreenshot(page, 'salvar-publica-desktop');
    await dialog.getByRole('button', { name: 'Publicar', exact: true }).click();
    await page.getByText('Artigo publicado!').waitFor();
    await page.getByRole('button', { name: 'Atualizar', exact: true }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
