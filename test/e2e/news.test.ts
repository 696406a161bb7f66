import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedArticles } from '../../bench/seed-articles.js';
import { loadConfig } from '../../src/config.js';
import { openRepository } from '../../src/open-storage.js';
import { createLogger } from '../../src/logger.js';
import { articlePath } from '../../src/routes/paths.js';
import { validateHtml } from '../support/vnu.js';
import { axeViolations, launchBrowser, openPage, saveScreenshot, VIEWPORTS, type ViewportName } from './support/browser.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

/** Scrolls through the page so that loading="lazy" images load too, then back to the top. */
async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
}

describe('news pages in Chromium', () => {
  let dataDir: string;
  let server: RunningServer;
  let browser: Browser;
  const pages: Record<string, string> = {};
  let newestTitle = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'site-e2e-noticias-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      EDITOR_KEYS: TEST_EDITOR_KEY,
      SQLITE_PATH: join(dataDir, 'site.db'),
      DATA_DIR: dataDir,
    });
    const repo = await openRepository(config, createLogger(config));
    const articles = await seedArticles(repo, 14);
    await repo.close();
    server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' }, dataDir);
    browser = await launchBrowser();
    pages.lista = '/noticias';
    pages.artigo = articlePath(articles.at(-1)!);
    newestTitle = articles.at(-1)!.titulo;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const name of ['lista', 'artigo'] as const) {
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      it(`${name} at ${VIEWPORTS[viewport].width} px: no axe violation, no console error, no script, images loaded`, async () => {
        const { page, problems } = await openPage(browser, `${server.url}${pages[name]}`, viewport);
        try {
          await loadLazyImages(page);
          await saveScreenshot(page, `noticias-${name}-${VIEWPORTS[viewport].width}`);
          expect(await axeViolations(page)).toEqual([]);
          expect(problems).toEqual([]);
          expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
          expect(await page.locator('h1').count()).toBe(1);
          const broken = await page.evaluate(() => [...document.images].filter((image) => image.naturalWidth === 0).map((image) => image.src));
          expect(broken).toEqual([]);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow).toBeLessThanOrEqual(0);
        } finally {
          await page.context().close();
        }
      });
    }
  }

  it('the list leads to the article through "Leia mais..."', async () => {
    const { page, problems } = await openPage(browser, `${server.url}/noticias`, 'desktop');
    try {
      await page.getByRole('link', { name: /^Leia mais\.\.\./ }).first().click();
      await page.waitForURL(`${server.url}${pages.artigo}`);
      await expect(page.locator('h1').textContent()).resolves.toBe(newestTitle);
      expect(problems).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('both pages pass the W3C HTML checker', async () => {
    const documents: Record<string, string> = {};
    for (const [name, path] of Object.entries(pages)) {
      documents[name] = await (await fetch(`${server.url}${path}`)).text();
    }
    documents.segunda = await (await fetch(`${server.url}/noticias?pagina=2`)).text();
    const errors = await validateHtml(documents);
    expect(errors).toEqual({ lista: [], artigo: [], segunda: [] });
  });
});
