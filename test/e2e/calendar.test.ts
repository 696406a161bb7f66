import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launchBrowser, openPage, VIEWPORTS, type ViewportName } from './support/browser.js';
import { checkAreaPage, createArticleViaApi, signInThroughForm } from './support/editor-area.js';
import { EDITOR } from './support/editor-page.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

const MONTH = '2031-02';

async function planViaApi(baseUrl: string, id: number, previsto_para: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/artigos/${id}/previsao`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_EDITOR_KEY}` },
    body: JSON.stringify({ previsto_para }),
  });
  if (!response.ok) throw new Error(`previsão recusada: ${response.status}`);
}

async function plannedDay(baseUrl: string, id: number): Promise<string | null> {
  const response = await fetch(`${baseUrl}/api/artigos/${id}/previsao`, { headers: { authorization: `Bearer ${TEST_EDITOR_KEY}` } });
  return ((await response.json()) as { value: { previsto_para: string | null } }).value.previsto_para;
}

/** The editorial calendar (issue 33) at both widths: a grid on wide screens, a list on small ones; a planned draft moves with its date field. */
describe.runIf(hasBrowser)('calendário editorial no Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const drafts: Partial<Record<ViewportName, number>> = {};
  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchBrowser();
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      const id = await createArticleViaApi(server.url, TEST_EDITOR_KEY, `Pauta prevista para o ${viewport}`, { status: 'rascunho' });
      await planViaApi(server.url, id, `${MONTH}-10`);
      drafts[viewport] = id;
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('plans a draft from the article form with its optional day, which a later visit shows', async () => {
    const id = await createArticleViaApi(server.url, TEST_EDITOR_KEY, 'Pauta planejada no formulário', { status: 'rascunho' });
    const url = `${server.url}/editor/artigos/${id}`;
    const { page, problems } = await openPage(browser, `${server.url}/editor/entrar`, 'desktop');
    try {
      await signInThroughForm(page, TEST_EDITOR_KEY);
      await page.goto(url);
      await page.waitForSelector(EDITOR);
      await page.getByLabel('Previsto para (opcional)').fill(`${MONTH}-14`);
      await page.getByRole('button', { name: 'Salvar rascunho' }).click();
      await page.getByText('Rascunho salvo.').waitFor();
      expect(await plannedDay(server.url, id)).toBe(`${MONTH}-14`);
      await page.goto(url);
      await expect.poll(() => page.getByLabel('Previsto para (opcional)').inputValue()).toBe(`${MONTH}-14`);
      expect(problems).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`/editor/calendario at ${VIEWPORTS[viewport].width} px`, async () => {
      const url = `${server.url}/editor/calendario?mes=${MONTH}`;
      const { page, problems } = await openPage(browser, url, viewport);
      try {
        await signInThroughForm(page, TEST_EDITOR_KEY);
        await page.goto(url);
        await expect.poll(() => page.locator('h1').textContent()).toBe('Calendário editorial: fevereiro de 2031');
        const grid = page.locator('.calendar-grid');
        const list = page.locator('.calendar-list');
        expect(await grid.isVisible()).toBe(viewport === 'desktop');
        expect(await list.isVisible()).toBe(viewport === 'mobile');
        await checkAreaPage(page, 'calendario', viewport);

        const shown = viewport === 'desktop' ? grid : list;
        const entry = shown.locator('.calendar-entry', { hasText: `Pauta prevista para o ${viewport}` });
        expect(await entry.isVisible()).toBe(true);
        // The date field stays inside its day's cell (or the list's width) instead of spilling over the next day.
        const field = (await entry.getByLabel('Mover para').boundingBox())!;
        const box = (await shown.locator('td, section', { has: page.getByRole('link', { name: `Pauta prevista para o ${viewport}` }) }).last().boundingBox())!;
        expect(field.x + field.width).toBeLessThanOrEqual(box.x + box.width);
        await entry.getByLabel('Mover para').fill(`${MONTH}-20`);
        await entry.getByRole('button', { name: 'Mover' }).click();
        await page.waitForLoadState('load');
        expect(await plannedDay(server.url, drafts[viewport]!)).toBe(`${MONTH}-20`);
        const moved = viewport === 'desktop' ? grid.locator('td', { has: page.locator('.calendar-day', { hasText: /^20$/ }) }) : list.getByRole('region', { name: 'Dia 20/02/2031' });
        expect(await moved.getByRole('link', { name: `Pauta prevista para o ${viewport}` }).isVisible()).toBe(true);
        await checkAreaPage(page, 'calendario-movido', viewport);
        expect(problems).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  }
});
