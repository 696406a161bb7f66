import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launchBrowser, openPage, VIEWPORTS, type ViewportName } from './support/browser.js';
import { checkAreaPage, createArticleViaApi, signInThroughForm } from './support/editor-area.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

/** The review queue and the editorial policy (issue 33) at both widths: axe finds nothing, nothing scrolls sideways. */
describe.runIf(hasBrowser)('fila de revisões e política editorial no Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchBrowser();
    await createArticleViaApi(server.url, TEST_EDITOR_KEY, 'Rascunho clínico à espera de revisão', { status: 'rascunho', clinico: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`/editor/revisoes at ${VIEWPORTS[viewport].width} px`, async () => {
      const { page, problems } = await openPage(browser, `${server.url}/editor/revisoes`, viewport);
      try {
        await signInThroughForm(page, TEST_EDITOR_KEY);
        await page.goto(`${server.url}/editor/revisoes`);
        await expect.poll(() => page.locator('h1').textContent()).toBe('Revisões médicas');
        expect(await page.getByRole('heading', { name: 'Pendentes de aprovação (1)' }).isVisible()).toBe(true);
        expect(await page.getByRole('link', { name: 'Rascunho clínico à espera de revisão' }).isVisible()).toBe(true);
        await checkAreaPage(page, 'revisoes', viewport);
        await page.getByRole('link', { name: 'título' }).click();
        await expect.poll(() => page.url()).toContain('pendente=titulo');
        expect(problems).toEqual([]);
      } finally {
        await page.context().close();
      }
    });

    it(`/politica-editorial at ${VIEWPORTS[viewport].width} px`, async () => {
      const { page, problems } = await openPage(browser, `${server.url}/politica-editorial`, viewport);
      try {
        await expect.poll(() => page.locator('h1').textContent()).toBe('Política editorial');
        expect(await page.locator('footer').getByRole('link', { name: 'Política editorial' }).count()).toBe(1);
        await checkAreaPage(page, 'politica-editorial', viewport);
        expect(problems).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  }
});
