import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hasBrowser, launchBrowser, openPage, saveScreenshot, VIEWPORTS, type ViewportName } from './support/browser.js';
import { createArticleViaApi } from './support/editor-area.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

const paragraph = `<p>${'O prontuário eletrônico organiza o atendimento e protege os dados do paciente. '.repeat(30)}</p>`;

/** "Neste artigo" in Chromium: without JavaScript, its links bring the heading to the top of the screen. */
describe.runIf(hasBrowser)('sumário do artigo no Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' });
    browser = await launchBrowser();
    const id = await createArticleViaApi(server.url, TEST_EDITOR_KEY, 'Guia do consultório digital', {
      conteudo: `<h2>Agenda</h2>${paragraph}<h3>Confirmação por mensagem</h3>${paragraph}<h2>Prescrição</h2>${paragraph}<h2>Faturamento</h2>${paragraph}`,
    });
    url = new URL((await fetch(`${server.url}/noticias/${id}`, { redirect: 'manual' })).headers.get('location')!, server.url).toString();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(Object.keys(VIEWPORTS) as ViewportName[])('scrolls to the heading a link names (%s)', async (viewport) => {
    const { page, problems } = await openPage(browser, url, viewport);
    expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
    expect(await page.locator('.article-reading-time').textContent()).toMatch(/^\d+ min de leitura$/);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
    await saveScreenshot(page, `artigo-sumario-${viewport}`);
    await page.getByRole('navigation', { name: 'Neste artigo' }).getByRole('link', { name: 'Faturamento' }).click();
    await page.waitForFunction(() => location.hash === '#faturamento');
    // The site scrolls smoothly: wait for the heading to arrive under the header, wherever it stops.
    await page.waitForFunction(() => {
      const top = document.getElementById('faturamento')!.getBoundingClientRect().top;
      return top >= -1 && top < 120;
    });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
