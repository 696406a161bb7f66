import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hasBrowser, launchBrowser, openPage, saveScreenshot } from './support/browser.js';
import { contentHtml, EDITOR, openEditor, paste, publish, setContent, toolbarButton } from './support/editor-page.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

/** The table block's cell at a 1-based row and column, by the name it gives screen readers. */
const cell = (page: Page, row: number, column: number) => page.getByRole('textbox', { name: `Linha ${row}, coluna ${column}`, exact: true });
const tableButton = (page: Page, label: string) => page.getByRole('toolbar', { name: 'Tabela' }).getByRole('button', { name: label, exact: true });

const TYPED =
  '<p>Exames de rotina:</p>' +
  '<table><thead><tr><th scope="col">Exame</th><th scope="col">Jejum</th><th scope="col">Referência</th><th scope="col">Observação</th></tr></thead>' +
  '<tbody><tr><td><strong>Glicemia</strong> em jejum</td><td><em>8 horas</em></td><td><a href="https://www.example.com.br/glicemia" target="_blank" rel="noopener noreferrer">diretriz</a></td><td>água<br />liberada</td></tr>' +
  '<tr><td>Hemograma</td><td>não</td><td></td><td></td></tr></tbody></table>';

describe.runIf(hasBrowser)('table block in Chromium: typed, pasted, saved, reloaded, round-tripped, published at 375 px', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('types a table with its bar, keeps it through the HTML switch and a reload, publishes it, and the phone page scrolls it inside its box', async () => {
    const { page, problems } = await openEditor(browser, server.url);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.locator(EDITOR).click();
    await page.keyboard.type('Exames de rotina:');
    await toolbarButton(page, 'Tabela').click();
    expect(await page.locator(`${EDITOR} table`).count()).toBe(1);

    await cell(page, 1, 1).click();
    await page.keyboard.type('Exame');
    // Tab goes on to the next cell, as in a spreadsheet.
    await page.keyboard.press('Tab');
    await page.keyboard.type('Jejum');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Referência');
    await tableButton(page, 'Inserir coluna à direita').click();
    await cell(page, 1, 4).click();
    await page.keyboard.type('Observação');

    await cell(page, 2, 1).click();
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Glicemia');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' em jejum');
    await cell(page, 2, 2).click();
    await tableButton(page, 'Itálico na célula').click();
    await page.keyboard.type('8 horas');
    await cell(page, 2, 3).click();
    await tableButton(page, 'Link na célula').click();
    const dialog = page.getByRole('dialog', { name: 'Inserir link' });
    await dialog.getByLabel('Endereço (URL)').fill('https://www.example.com.br/glicemia');
    await dialog.getByLabel('Texto').fill('diretriz');
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    await cell(page, 2, 4).click();
    await page.keyboard.type('água');
    await page.keyboard.press('Enter');
    await page.keyboard.type('liberada');

    await cell(page, 3, 1).click();
    await page.keyboard.type('Hemograma');
    await page.keyboard.press('Tab');
    await page.keyboard.type('não');
    await tableButton(page, 'Inserir linha abaixo').click();
    await cell(page, 4, 1).click();
    await page.keyboard.type('a remover');
    await tableButton(page, 'Remover linha').click();

    expect(await contentHtml(page)).toBe(TYPED);
    // The HTML switch both ways, with its formatted source, changes nothing.
    await setContent(page, TYPED);
    expect(await contentHtml(page)).toBe(TYPED);
    expect(await axeViolations(page)).toEqual([]);

    // The browser's draft keeps the table over a reload (no key yet: the draft is only in this browser).
    await page.waitForTimeout(1500);
    await page.reload();
    await page.waitForSelector(EDITOR);
    await page.getByText('Rascunho restaurado.').waitFor();
    expect(await contentHtml(page)).toBe(TYPED);

    await page.locator('#artigo-chave').fill(TEST_EDITOR_KEY);
    await page.locator('#artigo-titulo').fill('Tabela de exames');
    await page.locator('#artigo-descricao').fill('Artigo com uma tabela digitada no editor.');
    await page.locator('#artigo-imagem-nome').fill('capa.png');
    await page.locator('#artigo-imagem-caption').fill('Capa');
    await page.locator('#artigo-imagem-largura').fill('600');
    await page.locator('#artigo-imagem-altura').fill('545');
    await publish(page);
    await page.getByText('Artigo cadastrado!').waitFor();
    const href = await page.getByRole('link', { name: 'Ver o artigo publicado' }).getAttribute('href');
    const id = Number(href!.split('/')[2]);
    const answer = (await (await fetch(`${server.url}/api/artigos/${id}`)).json()) as { value: { conteudo: string } };
    expect(answer.value.conteudo).toBe(TYPED);
    expect(problems).toEqual([]);
    await page.context().close();

    const phone = await openPage(browser, `${server.url}${href!}`, 'mobile');
    const region = phone.page.getByRole('region', { name: 'Tabela 1' });
    expect(await region.locator('thead th').allInnerTexts()).toEqual(['Exame', 'Jejum', 'Referência', 'Observação']);
    const sizes = await region.evaluate((box) => {
      box.scrollLeft = 80;
      return { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth, scrollLeft: box.scrollLeft, page: document.documentElement.scrollWidth, overflow: getComputedStyle(box).overflowX };
    });
    expect(sizes.overflow).toBe('auto');
    expect(sizes.scrollWidth).toBeGreaterThan(sizes.clientWidth);
    expect(sizes.scrollLeft).toBe(80);
    // The table scrolls inside its box; the page itself does not scroll sideways.
    expect(sizes.page).toBeLessThanOrEqual(375);
    await saveScreenshot(phone.page, 'article-table-375');
    expect(await axeViolations(phone.page)).toEqual([]);
    expect(phone.problems).toEqual([]);
    await phone.page.context().close();
  });

  it('pastes inside a cell as the cell\'s lines, and deletes a table from its bar', async () => {
    const { page, problems } = await openEditor(browser, server.url);
    await setContent(page, '<p>antes</p><table><tbody><tr><td>a</td><td>b</td></tr></tbody></table><p>depois</p>');
    await cell(page, 1, 2).click();
    await page.keyboard.press('End');
    await cell(page, 1, 2).evaluate((element) => {
      const data = new DataTransfer();
      data.setData('text/html', '<ul><li><b>um</b></li><li>dois</li></ul>');
      data.setData('text/plain', 'um\ndois');
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    expect(await contentHtml(page)).toBe('<p>antes</p><table><tbody><tr><td>a</td><td>b<strong>um</strong><br />dois</td></tr></tbody></table><p>depois</p>');
    await cell(page, 1, 1).click();
    await tableButton(page, 'Excluir tabela').click();
    expect(await contentHtml(page)).toBe('<p>antes</p><p>depois</p>');
    // Typing goes on at the end of the text before the table.
    await page.keyboard.type(' e no lugar');
    expect(await contentHtml(page)).toBe('<p>antes e no lugar</p><p>depois</p>');
    await paste(page, { html: '<table><tr><th>x</th></tr><tr><td>y</td></tr></table>', text: 'x y' });
    expect(await contentHtml(page)).toBe('<p>antes e no lugar</p><table><thead><tr><th scope="col">x</th></tr></thead><tbody><tr><td>y</td></tr></tbody></table><p>depois</p>');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
