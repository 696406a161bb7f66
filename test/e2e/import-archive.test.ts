import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WXR_FIXTURE } from '../support/import-archives.js';
import { hasBrowser, launchBrowser, openPage, type ViewportName } from './support/browser.js';
import { checkAreaPage, signInThroughForm } from './support/editor-area.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

describe.runIf(hasBrowser)('importação do arquivo no Chromium (issue 34)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startBuiltServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('previews a real WordPress export, imports it with progress, and lists the articles with links', async () => {
    const { page, problems } = await openPage(browser, `${server.url}/editor/entrar`, 'desktop');
    try {
      await signInThroughForm(page, TEST_EDITOR_KEY);
      await page.getByRole('link', { name: 'Importar', exact: true }).click();
      await page.waitForURL(/\/editor\/importar$/);
      await page.getByLabel('Arquivo de exportação (.xml ou .zip, até 500 MB)').setInputFiles(WXR_FIXTURE);

      await page.getByRole('button', { name: 'Ver prévia' }).click();
      const preview = page.getByRole('region', { name: 'Prévia: nada foi gravado ainda' });
      await expect.poll(() => preview.count()).toBe(1);
      expect(await preview.textContent()).toContain('6 itens: 4 a criar, 0 já no site, 2 recusados.');
      expect(await preview.getByRole('heading', { name: 'Serão criados (4)' }).count()).toBe(1);
      expect(await preview.getByRole('listitem').filter({ hasText: 'Post apagado: Está na lixeira do WordPress.' }).count()).toBe(1);
      expect(await preview.getByRole('heading', { name: 'Imagens de outros sites (3)' }).count()).toBe(1);
      expect(await preview.textContent()).toContain('https://cdn.outro-site.example/grafico.png');
      await checkAreaPage(page, 'importar-previa', 'desktop');

      await page.getByRole('button', { name: 'Importar', exact: true }).click();
      await page.waitForURL(/\/editor\/importar\?importacao=\d+$/);
      // The script follows the import and shows the server's result once it is done.
      await expect.poll(() => page.getByRole('heading', { name: 'Artigos criados' }).count(), { timeout: 60_000 }).toBe(1);
      expect(await page.getByRole('status').filter({ hasText: '6 de 6 itens: 4 criados, 2 recusados.' }).count()).toBe(1);
      const created = page.locator('.import-articles > li');
      expect(await created.count()).toBe(4);
      const agenda = page.getByRole('link', { name: 'Como organizar a agenda da clínica', exact: true });
      expect(await agenda.getAttribute('href')).toMatch(/^\/editor\/artigos\/\d+$/);
      const onSite = page.getByRole('link', { name: 'ver Como organizar a agenda da clínica no site' });
      expect(await onSite.getAttribute('href')).toMatch(/agenda-da-clinica/);
      expect(await page.locator('.import-articles').textContent()).toContain('Rascunho de pauta (rascunho)');
      await checkAreaPage(page, 'importar-resultado', 'desktop');

      // Leaving and coming back: the import is listed, its state and result on its own page.
      await page.goto(`${server.url}/editor/importar`);
      await page.getByRole('link', { name: 'wordpress-export.xml' }).first().click();
      await page.waitForURL(/\?importacao=\d+$/);
      expect(await page.getByRole('heading', { name: 'Artigos criados' }).count()).toBe(1);

      await page.goto(`${server.url}/editor`);
      expect(await page.getByRole('link', { name: 'Como organizar a agenda da clínica' }).count()).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  for (const viewport of ['mobile', 'desktop'] as ViewportName[]) {
    it(`the page and a preview fit ${viewport} with no accessibility violation`, async () => {
      const { page, problems } = await openPage(browser, `${server.url}/editor/entrar`, viewport);
      try {
        await signInThroughForm(page, TEST_EDITOR_KEY);
        await page.goto(`${server.url}/editor/importar`);
        await checkAreaPage(page, 'importar', viewport);
        await page.getByLabel('Arquivo de exportação (.xml ou .zip, até 500 MB)').setInputFiles(WXR_FIXTURE);
        await page.getByRole('button', { name: 'Ver prévia' }).click();
        await expect.poll(() => page.getByRole('region', { name: 'Prévia: nada foi gravado ainda' }).count()).toBe(1);
        await checkAreaPage(page, 'importar-previa', viewport);
        expect(problems).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  }
});
