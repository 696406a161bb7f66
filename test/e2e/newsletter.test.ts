import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hasBrowser, launchBrowser, openPage, saveScreenshot, VIEWPORTS, type ViewportName } from './support/browser.js';
import { startMailInbox, type MailInbox } from '../support/mail-inbox.js';
import { checkAreaPage, createArticleViaApi, loadedScripts, signInThroughForm } from './support/editor-area.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

const linkIn = (text: string) => /https?:\/\/\S+\/boletim\/confirmar\/\S+/.exec(text)?.[0];

/**
 * The newsletter in Chromium at 375 and 1280 px, with a local SMTP server: the form on /noticias (no
 * script), the answer, the confirmation page's button, and /editor/boletins; axe finds nothing on any.
 */
describe.runIf(hasBrowser)('boletim no Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let inbox: MailInbox;

  beforeAll(async () => {
    inbox = await startMailInbox();
    server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false', SMTP_URL: inbox.url, OUTBOX_INTERVAL_MS: '100' });
    await createArticleViaApi(server.url, TEST_EDITOR_KEY, 'Agenda sem faltas no consultório', { status: 'publicado' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await inbox?.close();
  });

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`signs up from /noticias and confirms with the button (${viewport})`, async () => {
      const email = `leitora-${viewport}@clinica.com.br`;
      const { page, problems } = await openPage(browser, `${server.url}/noticias`, viewport);
      const form = page.locator('.newsletter-signup');
      await form.scrollIntoViewIfNeeded();
      expect(await axeViolations(page)).toEqual([]);
      expect(await loadedScripts(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
      await form.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? 'test-results/screenshots'}/boletim-formulario-${viewport}.png` });
      const since = inbox.received.length;
      await page.getByLabel('Seu e-mail').fill(email);
      await page.getByRole('button', { name: 'Quero receber' }).click();
      await page.waitForLoadState('load');
      await expect.poll(() => page.textContent('main')).toContain('Se o endereço puder receber, enviamos um e-mail de confirmação.');
      expect(await page.context().cookies()).toEqual([]);

      const link = linkIn((await inbox.next(email, since)).text)!;
      await page.goto(link);
      expect(await axeViolations(page)).toEqual([]);
      await saveScreenshot(page, `boletim-confirmar-${viewport}`);
      await page.getByRole('button', { name: 'Confirmar inscrição' }).click();
      await page.waitForLoadState('load');
      expect(await page.textContent('main')).toContain('Inscrição confirmada.');
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await page.context().close();
    });

    it(`shows /editor/boletins with subscribers, editions and "aberturas: não medimos" (${viewport})`, async () => {
      const { page } = await openPage(browser, `${server.url}/editor/boletins`, viewport);
      await signInThroughForm(page, TEST_EDITOR_KEY);
      await page.goto(`${server.url}/editor/boletins`);
      await page.getByLabel('Assunto').fill(`Especial ${viewport}`);
      await page.getByLabel('Agenda sem faltas no consultório').check();
      await page.getByRole('button', { name: 'Criar rascunho' }).click();
      await page.waitForLoadState('load');
      expect(await page.textContent('main')).toContain('Rascunho criado');
      expect(await page.textContent('main')).toContain('Aberturas: nenhuma medida');
      await checkAreaPage(page, 'boletim-edicoes', viewport);
      await page.context().close();
    });
  }
});
