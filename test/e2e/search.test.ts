import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedArticles } from '../../bench/seed-articles.js';
import { loadConfig } from '../../src/config.js';
import { openRepository } from '../../src/open-storage.js';
import { createLogger } from '../../src/logger.js';
import { articlePath, searchPath } from '../../src/routes/paths.js';
import { validateHtml } from '../support/vnu.js';
import { axeViolations, launchBrowser, openPage, saveScreenshot, trackProblems, VIEWPORTS, type ViewportName } from './support/browser.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

describe('news search in Chromium', () => {
  let dataDir: string;
  let server: RunningServer;
  let browser: Browser;
  let articleUrl = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'site-e2e-busca-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', EDITOR_KEYS: TEST_EDITOR_KEY, SQLITE_PATH: join(dataDir, 'site.db'), DATA_DIR: dataDir });
    const repo = await openRepository(config, createLogger(config));
    const articles = await seedArticles(repo, 14);
    await repo.close();
    articleUrl = articlePath(articles.at(-1)!);
    server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' }, dataDir);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('searches from /noticias with JavaScript disabled: accents and plurals as typed, words marked', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.mobile, locale: 'pt-BR', javaScriptEnabled: false });
    const page = await context.newPage();
    const problems = trackProblems(page);
    try {
      await page.goto(`${server.url}/noticias`);
      await page.getByLabel('Buscar nas notícias').fill('prontuario eletronico');
      await Promise.all([page.waitForURL(/\/noticias\/busca\?q=prontuario\+eletronico$/), page.getByRole('button', { name: 'Buscar' }).click()]);
      await expect(page.getByRole('heading', { level: 2 }).first().textContent()).resolves.toMatch(/\d+ resultados? para “prontuario eletronico”/);
      const results = page.locator('.search-result');
      expect(await results.count()).toBeGreaterThan(0);
      expect(await results.first().locator('h3').textContent()).toContain('Prontuário eletrônico');
      expect(await page.locator('.search-result mark').count()).toBeGreaterThan(0);
      // The form on the results page keeps the words, and a new search from it works the same way.
      expect(await page.getByLabel('O que você procura?').inputValue()).toBe('prontuario eletronico');
      await page.getByLabel('O que você procura?').fill('receitas');
      await Promise.all([page.waitForURL(/q=receitas$/), page.getByRole('button', { name: 'Buscar' }).click()]);
      expect(await page.locator('.search-result h3').first().textContent()).toContain('Receitas');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  for (const [name, path] of [
    ['resultados', searchPath('receitas digitais')],
    ['vazia', '/noticias/busca'],
  ] as const) {
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      it(`${name} at ${VIEWPORTS[viewport].width} px: no axe violation, no script, no horizontal overflow`, async () => {
        const { page, problems } = await openPage(browser, `${server.url}${path}`, viewport);
        try {
          await saveScreenshot(page, `busca-${name}-${VIEWPORTS[viewport].width}`);
          expect(await axeViolations(page)).toEqual([]);
          expect(problems).toEqual([]);
          expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
          expect(await page.locator('h1').count()).toBe(1);
          expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        } finally {
          await page.context().close();
        }
      });
    }
  }

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`the article's header search at ${VIEWPORTS[viewport].width} px: no axe violation, no overflow`, async () => {
      const { page, problems } = await openPage(browser, `${server.url}${articleUrl}`, viewport);
      try {
        await saveScreenshot(page, `busca-cabecalho-${VIEWPORTS[viewport].width}`);
        expect(await page.locator('#busca-cabecalho').count()).toBe(1);
        expect(await axeViolations(page)).toEqual([]);
        expect(problems).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      } finally {
        await page.context().close();
      }
    });
  }

  it('the search pages pass the W3C HTML checker', async () => {
    const documents: Record<string, string> = {};
    for (const [name, path] of [
      ['resultados', searchPath('receitas digitais')],
      ['segunda', searchPath('prontuário', 2)],
      ['vazia', '/noticias/busca'],
      ['simbolos', searchPath('%?!')],
      ['longa', searchPath('receita '.repeat(250))],
      ['lista', '/noticias'],
      ['artigo', articleUrl],
    ]) {
      documents[name!] = await (await fetch(`${server.url}${path}`)).text();
    }
    const errors = await validateHtml(documents);
    expect(errors).toEqual(Object.fromEntries(Object.keys(documents).map((name) => [name, []])));
  });
});
