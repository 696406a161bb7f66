import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchPath } from '../../src/routes/paths.js';
import { validateHtml } from '../support/vnu.js';
import { hasBrowser, launchBrowser, openPage, VIEWPORTS, type ViewportName } from './support/browser.js';
import { checkAreaPage, createArticleViaApi, signInThroughForm } from './support/editor-area.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** What a chart and the table beside it say: the chart's points per line, and the table's rows. */
async function chartsAndTables(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('main svg, #main svg, .area-page svg')]
      .filter((svg) => svg.getAttribute('role') === 'img')
      .map((svg) => {
        const table = document.getElementById(svg.getAttribute('aria-describedby') ?? '');
        return {
          title: svg.querySelector('title')?.textContent ?? '',
          points: [...svg.querySelectorAll('polyline')].map((line) => line.getAttribute('points')!.trim().split(/\s+/).length),
          tableRows: table?.tagName === 'TABLE' ? table.querySelectorAll('tbody tr').length : -1,
        };
      }),
  );
}

/** Waits for the server's next flushes to have stored at least `views` page views. */
async function countedAtLeast(base: string, views: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${base}/api/estatisticas`, { headers: { authorization: `Bearer ${TEST_EDITOR_KEY}` } });
    const counted = ((await response.json()) as { value: { visualizacoes: number } }).value.visualizacoes;
    if (counted >= views) return;
    if (Date.now() > deadline) throw new Error(`só ${counted} de ${views} visualizações contadas em 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * /editor/estatisticas (issue 32) in Chromium, on views counted from real page requests: axe finds
 * nothing, the HTML is valid, every SVG chart points to a table with its numbers, nothing scrolls sideways.
 */
describe.runIf(hasBrowser)('estatísticas no Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let article: string;

  beforeAll(async () => {
    server = await startBuiltServer({ STATS_FLUSH_INTERVAL_MS: '200' });
    browser = await launchBrowser();
    const id = await createArticleViaApi(server.url, TEST_EDITOR_KEY, 'Prontuário eletrônico na prática');
    article = new URL((await fetch(`${server.url}/noticias/${id}`)).url).pathname;
    const visits: [string, Record<string, string>][] = [
      [article, { 'user-agent': DESKTOP, referer: 'https://www.google.com/search?q=prontuario' }],
      [article, { 'user-agent': PHONE }],
      [`${article}?utm_source=boletim&utm_medium=email&utm_campaign=novembro`, { 'user-agent': DESKTOP }],
      ['/', { 'user-agent': PHONE, referer: 'https://duckduckgo.com/' }],
      [searchPath('receita digital'), { 'user-agent': DESKTOP }],
      [searchPath('termo que não existe'), { 'user-agent': DESKTOP }],
    ];
    for (const [path, headers] of visits) expect((await fetch(`${server.url}${path}`, { headers })).status).toBe(200);
    await countedAtLeast(server.url, visits.length);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`/editor/estatisticas at ${VIEWPORTS[viewport].width} px: axe 0, W3C valid, charts with their tables`, async () => {
      const { page, problems } = await openPage(browser, `${server.url}/editor/estatisticas`, viewport);
      try {
        await signInThroughForm(page, TEST_EDITOR_KEY);
        await page.goto(`${server.url}/editor/estatisticas`);
        await expect.poll(() => page.locator('h1').textContent()).toBe('Estatísticas do site');
        expect(await page.getByRole('link', { name: 'Prontuário eletrônico na prática' }).isVisible()).toBe(true);
        expect(await page.getByRole('rowheader', { name: 'www.google.com' }).isVisible()).toBe(true);
        expect(await page.getByRole('rowheader', { name: 'termo que não existe' }).isVisible()).toBe(true);

        const charts = await chartsAndTables(page);
        expect(charts.length).toBeGreaterThan(0);
        for (const chart of charts) {
          expect(chart.tableRows, chart.title).toBeGreaterThan(0);
          for (const points of chart.points) expect(points, chart.title).toBe(chart.tableRows);
        }
        await checkAreaPage(page, 'estatisticas', viewport);
        const site = await (await page.request.get(`${server.url}/editor/estatisticas`)).text();
        expect(problems).toEqual([]);

        await page.getByRole('link', { name: 'Prontuário eletrônico na prática' }).click();
        await expect.poll(() => page.url()).toContain(`caminho=${encodeURIComponent(article)}`);
        expect(await chartsAndTables(page)).not.toEqual([]);
        await checkAreaPage(page, 'estatisticas-artigo', viewport);
        const artigo = await (await page.request.get(page.url())).text();
        expect(await validateHtml({ site, artigo })).toEqual({ site: [], artigo: [] });
      } finally {
        await page.context().close();
      }
    });
  }
});
