import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launchBrowser, openPage } from './support/browser.js';
import { startBuiltServer, type RunningServer } from './support/server.js';

const SITE_URL = 'https://www.prontivo.test';

/** What a newcomer meets first: the start log, the sign-in page and its buttons. */
describe.runIf(hasBrowser)('a newcomer\'s first start', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // SITE_URL names another origin (as behind a proxy): the log must still say where to connect.
    server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false', LOG_LEVEL: 'info', SITE_URL });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('logs the address really listened on, and SITE_URL beside it', () => {
    const started = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; port?: number })
      .find((entry) => entry.msg.startsWith('servidor ouvindo'));
    expect(started?.msg).toBe(`servidor ouvindo em http://localhost:${server.port} (SITE_URL: ${SITE_URL})`);
    expect(started?.port).toBe(server.port);
  });

  it('says on /editor/entrar where the editor key comes from, and draws its buttons in the page\'s typeface', async () => {
    const { page } = await openPage(browser, `${server.url}/editor/entrar`, 'desktop');
    const origin = page.getByText('Quem administra o servidor define as chaves');
    expect(await origin.textContent()).toMatch(/log de partida e a guarda em data\/chave-do-editor\.txt\.$/);
    const fonts = await page.evaluate(() => ({
      body: getComputedStyle(document.body).fontFamily,
      buttons: [...document.querySelectorAll('button, input, select, textarea')].map((element) => getComputedStyle(element).fontFamily),
    }));
    expect(fonts.buttons.length).toBeGreaterThan(2);
    expect(new Set(fonts.buttons)).toEqual(new Set([fonts.body]));
    await page.context().close();
  });
});
