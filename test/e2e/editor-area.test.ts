import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, openPage, VIEWPORTS } from './support/browser.js';
import { failOnPageErrors } from './support/page-errors.js';
import { EDITOR } from './support/editor-page.js';
import { checkAreaPage, createArticleViaApi, loadedScripts, signInThroughForm, signOut } from './support/editor-area.js';
import { addDays, siteDayOf } from '../../src/lib/stats-time.js';
import { startBuiltServer, TEST_EDITOR_AUTHOR, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

describe.runIf(hasBrowser)('editor area pages in Chromium at 375 and 1280 px', () => {
  const pageErrors = failOnPageErrors();
  let server: RunningServer;
  let browser: Browser;
  let articleId: number;
  const dueIds: number[] = [];

  beforeAll(async () => {
    server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' });
    browser = await pageErrors.launch();
    for (let n = 1; n <= 23; n += 1) {
      articleId = await createArticleViaApi(server.url, TEST_EDITOR_KEY, `Prontuário eletrônico no consultório, parte ${n}`);
      if (n <= 2) dueIds.push(articleId);
    }
    // Two reviews for "Atualizar primeiro": one overdue, one due in ten days.
    for (const [id, proxima_revisao] of [
      [dueIds[0], '2020-01-01'],
      [dueIds[1], addDays(siteDayOf(Date.now()), 10)],
    ] as const) {
      const response = await fetch(`${server.url}/api/artigos/${id}/revisao-medica`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${TEST_EDITOR_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ proxima_revisao }),
      });
      expect(response.status).toBe(200);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('signs in, browses, views a version and signs out at %s width', async (viewport) => {
    const { page, problems } = await openPage(browser, `${server.url}/editor?status=publicado`, viewport);
    expect(page.url()).toBe(`${server.url}/editor/entrar?volta=${encodeURIComponent('/editor?status=publicado')}`);
    await checkAreaPage(page, 'editor-entrar', viewport);

    await signInThroughForm(page, 'uma-chave-errada-qualquer');
    await page.getByText('Chave de editor inválida. Confira e tente de novo.').waitFor();
    expect(await page.getByLabel('Chave de editor', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await checkAreaPage(page, 'editor-entrar-erro', viewport);
    // The refused key is a 403 document: Chromium logs it, and it is what was asked for.
    problems.splice(0, problems.length);

    await signInThroughForm(page, TEST_EDITOR_KEY);
    expect(page.url()).toBe(`${server.url}/editor?status=publicado`);
    await page.getByText('23 artigos').waitFor();
    expect(await page.getByLabel('Estado').inputValue()).toBe('publicado');
    expect(await page.getByText(`Conectado como ${TEST_EDITOR_AUTHOR}`).count()).toBe(1);
    expect(await loadedScripts(page)).toEqual([]);
    await checkAreaPage(page, 'editor-lista', viewport);

    await page.getByLabel('Buscar', { exact: true }).fill('parte 7');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByText('1 artigo', { exact: true }).waitFor();
    await page.goto(`${server.url}/editor`);
    const toUpdate = page.getByRole('region', { name: 'Atualizar primeiro' });
    expect(await toUpdate.getByRole('listitem').filter({ hasText: 'Revisão vencida em 01/01/2020' }).count()).toBe(1);
    expect(await toUpdate.getByText(/^Revisão até \d{2}\/\d{2}\/\d{4}$/).count()).toBe(1);
    await checkAreaPage(page, 'editor-painel', viewport);
    await page.getByRole('link', { name: 'Próxima →' }).click();
    await page.getByText('Página 2 de 2').waitFor();

    await page.goto(`${server.url}/editor/artigos/${articleId}/historico`);
    await page.getByRole('heading', { name: 'Histórico' }).waitFor();
    expect(await page.locator('.area-history-entry').count()).toBeGreaterThanOrEqual(1);
    expect(await loadedScripts(page)).toEqual([]);
    await checkAreaPage(page, 'editor-historico', viewport);

    await page.getByRole('link', { name: /^Ver versão 1/ }).click();
    await page.getByText(/^Somente leitura · Criado por/).waitFor();
    await checkAreaPage(page, 'editor-versao', viewport);

    await page.goto(`${server.url}/editor/artigos/${articleId}`);
    await page.waitForSelector(EDITOR);
    expect((await loadedScripts(page)).length).toBeGreaterThan(0);
    await checkAreaPage(page, 'editor-artigo', viewport);

    await signOut(page);
    await page.getByText('Você saiu da área do editor.').waitFor();
    await page.goto(`${server.url}/editor`);
    expect(page.url()).toBe(`${server.url}/editor/entrar?volta=%2Feditor`);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
