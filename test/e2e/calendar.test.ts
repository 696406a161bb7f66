import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hasBrowser, launchBrowser, openPage, VIEWPORTS, type ViewportName } from './support/browser.js';
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

async function articleState(baseUrl: string, id: number): Promise<{ status: string; publicar_em: string | null }> {
  const response = await fetch(`${baseUrl}/api/artigos/${id}`, { headers: { authorization: `Bearer ${TEST_EDITOR_KEY}` } });
  const { status, publicar_em } = ((await response.json()) as { value: { status: string; publicar_em: string | null } }).value;
  return { status, publicar_em };
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

  it('drags a planned draft to another day with the mouse: the API has the new day, a reload shows it there', async () => {
    const id = await createArticleViaApi(server.url, TEST_EDITOR_KEY, 'Pauta arrastada no calendário', { status: 'rascunho' });
    await planViaApi(server.url, id, `${MONTH}-05`);
    const url = `${server.url}/editor/calendario?mes=${MONTH}`;
    const { page, problems } = await openPage(browser, url, 'desktop');
    try {
      await signInThroughForm(page, TEST_EDITOR_KEY);
      await page.goto(url);
      const grid = page.locator('.calendar-grid');
      const entry = grid.locator('td[data-dia="2031-02-05"] li', { hasText: 'Pauta arrastada no calendário' });
      // Both days on screen: a pointer works where it can see.
      await page.setViewportSize({ width: VIEWPORTS.desktop.width, height: 1400 });
      await grid.locator('td[data-dia="2031-02-12"]').scrollIntoViewIfNeeded();
      const from = (await entry.locator('.calendar-kind').boundingBox())!;
      const to = (await grid.locator('td[data-dia="2031-02-12"]').boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
      await page.mouse.up();
      await page.locator('.calendar-status').getByText('Previsto para 12/02/2031', { exact: true }).waitFor();
      expect(await plannedDay(server.url, id)).toBe(`${MONTH}-12`);
      await page.reload();
      expect(await grid.locator('td[data-dia="2031-02-12"]').getByRole('link', { name: 'Pauta arrastada no calendário' }).isVisible()).toBe(true);
      expect(await grid.locator('td[data-dia="2031-02-05"]').getByRole('link', { name: 'Pauta arrastada no calendário' }).count()).toBe(0);
      await checkAreaPage(page, 'calendario-arrastado', 'desktop');
      expect(problems).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`opens a scheduled item's schedule dialog, and cancelling it changes nothing (${VIEWPORTS[viewport].width} px)`, async () => {
      const titulo = `Pauta agendada no ${viewport}`;
      const id = await createArticleViaApi(server.url, TEST_EDITOR_KEY, titulo, { status: 'rascunho' });
      const scheduled = await fetch(`${server.url}/api/artigos/${id}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_EDITOR_KEY}` },
        body: JSON.stringify({ status: 'agendado', publicar_em: `${MONTH}-15T13:00:00.000Z` }),
      });
      expect(scheduled.status).toBe(200);
      const before = await articleState(server.url, id);
      expect(before.status).toBe('agendado');
      const url = `${server.url}/editor/calendario?mes=${MONTH}`;
      const { page, problems } = await openPage(browser, url, viewport);
      try {
        await signInThroughForm(page, TEST_EDITOR_KEY);
        await page.goto(url);
        const shown = page.locator(viewport === 'desktop' ? '.calendar-grid' : '.calendar-list');
        await shown.getByRole('link', { name: titulo }).click();
        const dialog = page.getByRole('dialog', { name: 'Agendar a publicação' });
        await dialog.waitFor();
        expect(await dialog.textContent()).toContain('Agendado para 15/02/2031 10:00, horário de Brasília.');
        expect(await dialog.getByLabel('Data e hora (horário de Brasília)').inputValue()).toBe('2031-02-15T10:00');
        expect(await dialog.getByRole('button', { name: /publicar/i }).count()).toBe(0);
        expect(await axeViolations(page)).toEqual([]);
        await checkAreaPage(page, 'calendario-agendado', viewport);
        await dialog.getByRole('button', { name: 'Cancelar', exact: true }).click();
        expect(await dialog.isVisible()).toBe(false);
        expect(page.url()).toBe(url);
        expect(await articleState(server.url, id)).toEqual(before);
        expect(problems).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  }
});
