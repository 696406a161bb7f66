import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launchBrowser, openPage, VIEWPORTS } from './support/browser.js';
import { checkAreaPage, createArticleViaApi, loadedScripts, signInThroughForm } from './support/editor-area.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

const LONG_WORD = 'Prontuário-eletrônico-integrado-com-laboratórios-e-farmácias-parceiras';

/** Saves a second version through the API, as the article form does. */
async function saveVersion(server: RunningServer, id: number, versao: number, changes: Record<string, unknown>): Promise<void> {
  const current = (await (await fetch(`${server.url}/api/artigos/${id}`)).json()) as { value: Record<string, unknown> };
  const { titulo, titulo_url, descricao, keywords, conteudo } = current.value;
  const response = await fetch(`${server.url}/api/artigos/${id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: TEST_EDITOR_KEY, versao, titulo, titulo_url, descricao, keywords, conteudo, ...changes }),
  });
  const body = (await response.json()) as { status: number; messages: string[] };
  if (body.status !== 1) throw new Error(`gravação recusada: ${body.messages.join(' ')}`);
}

describe.runIf(hasBrowser)('comparing versions in Chromium at 375 and 1280 px', () => {
  let server: RunningServer;
  let browser: Browser;
  let id: number;

  beforeAll(async () => {
    server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' });
    browser = await launchBrowser();
    id = await createArticleViaApi(server.url, TEST_EDITOR_KEY, 'Agenda do consultório');
    await saveVersion(server, id, 1, {
      titulo: 'Agenda online do consultório',
      keywords: 'prontuário, agenda, LGPD',
      conteudo:
        '<h2>Agenda do consultório</h2><p>O prontuário eletrônico organiza a rotina do consultório, os lembretes por WhatsApp e a segurança dos dados.</p>' +
        `<p>${LONG_WORD} sem espaço para quebrar a linha.</p>`,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('goes from the history to a readable comparison and picks two versions at %s width', async (viewport) => {
    const { page, problems } = await openPage(browser, `${server.url}/editor/artigos/${id}/historico`, viewport);
    await signInThroughForm(page, TEST_EDITOR_KEY);
    await page.getByRole('link', { name: 'Comparar a versão 1 com a atual' }).click();
    await page.waitForURL(`${server.url}/editor/artigos/${id}/comparar?de=1&para=2`);
    await page.getByRole('heading', { name: 'Comparar versões', level: 1 }).waitFor();
    expect(await loadedScripts(page)).toEqual([]);
    // Each change says what it is in words, beside its line.
    const added = page.locator('#comparar-texto ~ .diff-text ins');
    expect(await added.first().innerText()).toMatch(/^ADICIONADO/);
    expect(await page.locator('ins', { hasText: 'online' }).count()).toBe(1);
    expect(await page.locator('.diff-fields dt').allInnerTexts()).toEqual(['Palavras-chave']);
    const tagStyle = await page.locator('.diff-text ins .diff-tag').first().evaluate((tag) => getComputedStyle(tag).textDecorationLine);
    expect(tagStyle).toBe('none');
    expect(await page.locator('.diff-text ins').first().evaluate((ins) => getComputedStyle(ins).textDecorationLine)).toBe('underline');
    await checkAreaPage(page, 'comparar-versoes', viewport);

    // The form (no script) compares any two; the same one twice is explained.
    await page.getByLabel('Da versão').selectOption('2');
    await page.getByRole('button', { name: 'Comparar', exact: true }).click();
    await page.waitForURL(`${server.url}/editor/artigos/${id}/comparar?de=2&para=2`);
    await page.getByText('Você escolheu a mesma versão duas vezes').waitFor();
    await checkAreaPage(page, 'comparar-mesma-versao', viewport);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
