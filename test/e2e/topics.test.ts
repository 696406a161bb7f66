import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateHtml } from '../support/vnu.js';
import { axeViolations, hasBrowser, launchBrowser, openPage, saveScreenshot, trackProblems, VIEWPORTS } from './support/browser.js';
import { createArticleViaApi } from './support/editor-area.js';
import { EDITOR, publish, typeInEditor } from './support/editor-page.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

describe.runIf(hasBrowser)('temas no navegador: o campo do formulário, a página do tema, as últimas notícias do início', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startBuiltServer(), launchBrowser()]);
    for (let index = 1; index <= 4; index += 1) {
      await createArticleViaApi(server.url, TEST_EDITOR_KEY, `Receita digital na prática ${index}`, { temas: ['Receita digital', 'Telemedicina'] });
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'pt-BR' });
    const answer = await context.request.post(`${server.url}/api/sessao`, { data: { key: TEST_EDITOR_KEY }, headers: { origin: server.url } });
    expect(answer.status()).toBe(200);
    return context;
  }

  it('the form picks an existing topic, creates a new one, removes one, never sends on Enter, and publishes them', async () => {
    const context = await signedIn();
    const page = await context.newPage();
    const problems = trackProblems(page);
    await page.goto(`${server.url}/novo-artigo`);
    await page.waitForSelector(EDITOR);
    await page.locator('#artigo-titulo').fill('Telemedicina sem mistério');
    await page.locator('#artigo-descricao').fill('O que muda no consultório.');
    await typeInEditor(page, 'Um parágrafo.');

    const input = page.locator('#artigo-temas');
    // The existing spelling wins over what was typed.
    await input.fill('telemedicina');
    await input.press('Enter');
    await input.fill('Teleconsulta');
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await input.fill('Apagar depois');
    await input.press('Enter');
    await page.getByRole('button', { name: 'Remover o tema Apagar depois' }).click();
    expect(await page.locator('.topics-chosen li > span').allTextContents()).toEqual(['Telemedicina', 'Teleconsulta']);
    expect(await input.inputValue()).toBe('');
    expect(new URL(page.url()).pathname).toBe('/novo-artigo');
    await saveScreenshot(page, 'temas-formulario-1280');

    await publish(page);
    await page.getByText('Artigo cadastrado!').waitFor();
    const id = Number(/\/editor\/artigos\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    const read = (await (await fetch(`${server.url}/api/artigos/${id}`)).json()) as { value: { temas: string[] } };
    expect(read.value.temas).toEqual(['Telemedicina', 'Teleconsulta']);

    // Reopened, the form shows them, and five is the limit.
    await page.goto(`${server.url}/editor/artigos/${id}`);
    await page.waitForSelector(EDITOR);
    await page.locator('.topics-chosen').waitFor();
    for (const name of ['Um', 'Dois', 'Três']) {
      await input.fill(name);
      await input.press('Enter');
    }
    expect(await page.locator('.topics-chosen li').count()).toBe(5);
    expect(await input.isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const viewport of ['mobile', 'desktop'] as const) {
    it(`shows the topic page and the topics of /noticias and of an article at ${VIEWPORTS[viewport].width} px, without JavaScript, axe 0, W3C valid`, async () => {
      const { page, problems } = await openPage(browser, `${server.url}/noticias/temas/receita-digital`, viewport);
      expect(await page.locator('h1').textContent()).toBe('Receita digital');
      expect(await page.locator('.news-card-title').count()).toBe(4);
      expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await saveScreenshot(page, `tema-${VIEWPORTS[viewport].width}`);
      const topicHtml = await page.content();

      await page.goto(`${server.url}/noticias`);
      await page.locator('.news-topics').getByRole('link', { name: /Receita digital/ }).click();
      await page.waitForURL(/\/noticias\/temas\/receita-digital$/);
      await page.locator('.news-card-title a').first().click();
      await page.locator('.article-topics').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await saveScreenshot(page, `artigo-temas-${VIEWPORTS[viewport].width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(problems).toEqual([]);
      const html = await (await fetch(`${server.url}/noticias/temas/receita-digital`)).text();
      expect(topicHtml).toContain('Receita digital');
      expect(await validateHtml({ tema: html })).toEqual({ tema: [] });
      await page.context().close();
    });
  }

  for (const viewport of ['mobile', 'desktop'] as const) {
    it(`shows the three latest articles on the home page at ${VIEWPORTS[viewport].width} px and leads to all the news, axe 0, W3C valid`, async () => {
      const { page, problems } = await openPage(browser, `${server.url}/`, viewport);
      const section = page.locator('#noticias');
      expect(await section.locator('.news-card-title').count()).toBe(3);
      expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await section.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `inicio-noticias-${VIEWPORTS[viewport].width}`);
      await section.getByRole('link', { name: 'Ver todas as notícias' }).click();
      await page.waitForURL(/\/noticias$/);
      expect(problems).toEqual([]);
      const html = await (await fetch(`${server.url}/`)).text();
      expect(await validateHtml({ inicio: html })).toEqual({ inicio: [] });
      await page.context().close();
    });
  }
});
