import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, openPage, saveScreenshot } from './support/browser.js';
import { failOnPageErrors } from './support/page-errors.js';
import { contentHtml, withoutLineBreaks, EDITOR, openEditor, paste, PNG_1X1, publish, setContent, toolbarButton } from './support/editor-page.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';
import { PASTE_CORPUS, PLAIN_TEXT_EXPECTED } from '../fixtures/paste/expected.js';

const fixture = (name: string) => readFileSync(`test/fixtures/paste/${name}`, 'utf8');

/** The pasted pages' images come from other hosts: the test answers for them, offline. */
async function serveForeignImages(page: Page): Promise<void> {
  await page.context().route(/^https:\/\/cdn\.(exemplo\.com|jornal\.example\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: PNG_1X1 }),
  );
}

const textOf = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();

/** A document with every kind of block and mark, ending in a paragraph (the caret's place for pasting). */
const RICH_DOCUMENT =
  '<h2 style="text-align:center">Título centrado</h2>' +
  '<p style="text-align:center"><img src="https://cdn.exemplo.com/foto.jpg" alt="Foto" width="320" /></p>' +
  '<p>Texto <strong>forte</strong>, <span style="color:#ff0000">vermelho</span> e <a href="https://exemplo.com.br/a" title="Exemplo" target="_blank" rel="noopener noreferrer">link</a>.</p>' +
  '<ol start="3"><li>três<ol><li>sub</li></ol></li><li>quatro</li></ol>' +
  '<blockquote><p>citação 1</p><p>citação 2</p></blockquote>' +
  '<pre><code>const a = 1;</code></pre>' +
  '<p style="margin-left:40px">fim <sup>2</sup></p>';

describe.runIf(hasBrowser)('editor fidelity in Chromium: paste, copy, cut, long articles', () => {
  const pageErrors = failOnPageErrors();
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await pageErrors.launch();
    ({ page, problems } = await openEditor(browser, server.url));
    await serveForeignImages(page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(PASTE_CORPUS)('pasting %s gives the expected article HTML and announces what it dropped', async (name, expected, notices) => {
    await setContent(page, '');
    const html = fixture(name);
    await paste(page, { html, text: textOf(html) });
    const announced = await page.locator('.rte-announcements').innerText();
    expect(announced.split('\n').filter(Boolean)).toEqual(notices);
    expect(await contentHtml(page)).toBe(withoutLineBreaks(expected));
  });

  it('a Google Docs list pasted into a nested item goes on at its depth, each item where it stood relative to the first (issue 34)', async () => {
    await setContent(page, '<ul><li>Medir em duas consultas</li></ul>');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const html = fixture('google-docs-nested-partial-list.html');
    await paste(page, { html, text: textOf(html) });
    expect(await contentHtml(page)).toBe(
      '<ul><li>Medir em duas consultas<ul><li>na altura do coração<ul><li>Manguito do tamanho do braço</li></ul></li><li>Cinco minutos de repouso</li>' +
        '<li>Registrar no prontuário<ul><li>Anotar o braço usado</li><li>Anotar o horário</li></ul></li><li>Repetir em duas semanas</li></ul></li></ul><p>Depois da lista.</p>',
    );
  });

  it('links the addresses of pasted plain text', async () => {
    await setContent(page, '');
    await paste(page, { text: fixture('plain-text.txt') });
    expect(await contentHtml(page)).toBe(PLAIN_TEXT_EXPECTED);
  });

  it('typing after a pasted link is plain text, not the link colour', async () => {
    await setContent(page, '');
    const html = fixture('google-docs.html');
    await paste(page, { html: html.slice(0, html.indexOf('<br />')) + '</b>', text: 'x' });
    await page.keyboard.type(' depois');
    expect(await contentHtml(page)).toContain('<em> (atualizada)</em>. depois</p>');
  });

  it('saves the pasted news page as the server stores it', async () => {
    const tracked = await openEditor(browser, server.url);
    const editor = tracked.page;
    await serveForeignImages(editor);
    await editor.locator('#artigo-chave').fill(TEST_EDITOR_KEY);
    await editor.locator('#artigo-titulo').fill('Colado de um jornal');
    await editor.locator('#artigo-descricao').fill('Artigo colado de uma página de notícias.');
    await editor.locator('#artigo-imagem-nome').fill('capa.png');
    await editor.locator('#artigo-imagem-caption').fill('Capa');
    await editor.locator('#artigo-imagem-largura').fill('600');
    await editor.locator('#artigo-imagem-altura').fill('545');
    await editor.locator(EDITOR).click();
    const html = fixture('news-page.html');
    await paste(editor, { html, text: textOf(html) });
    await publish(editor);
    await editor.getByText('Artigo cadastrado!').waitFor();
    const href = await editor.getByRole('link', { name: 'Ver o artigo publicado' }).getAttribute('href');
    const id = Number(href!.split('/')[2]);
    const answer = (await (await fetch(`${server.url}/api/artigos/${id}`)).json()) as { value: { conteudo: string } };
    expect(answer.value.conteudo).toBe(PASTE_CORPUS.find(([name]) => name === 'news-page.html')![1]);
    await editor.context().close();
  });

  it('centres an image from the toolbar once it is clicked, and the published page shows it centred', async () => {
    const tracked = await openEditor(browser, server.url);
    const editor = tracked.page;
    await editor.locator('#artigo-chave').fill(TEST_EDITOR_KEY);
    await editor.locator('#artigo-titulo').fill('Imagem centralizada');
    await editor.locator('#artigo-descricao').fill('Artigo com uma imagem centralizada pela barra.');
    await editor.locator('#artigo-imagem-nome').fill('capa.png');
    await editor.locator('#artigo-imagem-caption').fill('Capa');
    await editor.locator('#artigo-imagem-largura').fill('600');
    await editor.locator('#artigo-imagem-altura').fill('545');
    await editor.locator(EDITOR).click();
    await editor.keyboard.type('Antes da foto.');
    await toolbarButton(editor, 'Imagem').click();
    const dialog = editor.getByRole('dialog', { name: 'Inserir imagem' });
    await dialog.getByLabel('Endereço da imagem (URL)').fill(`${server.url}/logo-512.png`);
    await dialog.getByLabel('Texto alternativo').fill('Logotipo');
    await dialog.getByLabel('Largura (px)').fill('300');
    await dialog.getByRole('button', { name: 'Inserir' }).click();
    const image = `<img src="${server.url}/logo-512.png" alt="Logotipo" width="300" />`;
    expect(await contentHtml(editor)).toBe(`<p>Antes da foto.</p><p>${image}</p>`);

    await editor.locator(`${EDITOR} img.rte-image`).click();
    const shown = editor.locator(`${EDITOR} img.rte-image`);
    expect(await shown.evaluate((img) => img.classList.contains('rte-image-selected'))).toBe(true);
    expect(await toolbarButton(editor, 'Alinhar à esquerda').getAttribute('aria-pressed')).toBe('true');
    await toolbarButton(editor, 'Centralizar').click();
    expect(await toolbarButton(editor, 'Centralizar').getAttribute('aria-pressed')).toBe('true');
    expect(await toolbarButton(editor, 'Alinhar à esquerda').getAttribute('aria-pressed')).toBe('false');
    const box = (await shown.boundingBox())!;
    const surface = (await editor.locator(EDITOR).boundingBox())!;
    expect(Math.abs(box.x + box.width / 2 - (surface.x + surface.width / 2))).toBeLessThan(4);
    await saveScreenshot(editor, 'editor-image-centred');
    expect(await contentHtml(editor)).toBe(`<p>Antes da foto.</p><p style="text-align:center">${image}</p>`);

    // Typing elsewhere leaves the image block alone.
    await editor.locator(EDITOR).getByText('Antes da foto.').click();
    expect(await toolbarButton(editor, 'Centralizar').getAttribute('aria-pressed')).toBe('false');
    await editor.keyboard.press('End');
    await editor.keyboard.type('!');
    const saved = `<p>Antes da foto.!</p><p style="text-align:center">${image}</p>`;
    expect(await contentHtml(editor)).toBe(saved);

    await publish(editor);
    await editor.getByText('Artigo cadastrado!').waitFor();
    const href = await editor.getByRole('link', { name: 'Ver o artigo publicado' }).getAttribute('href');
    const id = Number(href!.split('/')[2]);
    const answer = (await (await fetch(`${server.url}/api/artigos/${id}`)).json()) as { value: { conteudo: string } };
    expect(answer.value.conteudo).toBe(saved);
    await editor.goto(`${server.url}${href!}`);
    const published = editor.locator('article img[alt="Logotipo"]');
    expect(await published.evaluate((img) => img.parentElement!.outerHTML)).toBe(`<p style="text-align:center">${image.replace(' />', '>')}</p>`);
    const photo = (await published.boundingBox())!;
    const column = (await published.evaluate((img) => img.parentElement!.getBoundingClientRect().toJSON())) as DOMRect;
    expect(Math.abs(photo.x + photo.width / 2 - (column.x + column.width / 2))).toBeLessThan(4);
    await editor.context().close();
  });

  it('select all, copy and paste at the end doubles the document unchanged (images, alignment, links, colours)', async () => {
    await setContent(page, RICH_DOCUMENT);
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+v');
    expect(await contentHtml(page)).toBe(RICH_DOCUMENT + RICH_DOCUMENT);
  });

  it('cutting a paragraph and pasting it elsewhere changes nothing else', async () => {
    const moved = '<p style="text-align:center"><strong>dois</strong> com <a href="https://exemplo.com.br/" rel="noopener noreferrer">link</a></p>';
    await setContent(page, `<p>um</p>${moved}<h3>três</h3>`);
    await page.locator(EDITOR).getByText('dois').click();
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+End');
    await page.keyboard.press('Control+x');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+v');
    expect(await contentHtml(page)).toBe(`<p>um</p><h3>três</h3>${moved}`);
  });

  it.each(['desktop', 'mobile'] as const)('keeps the toolbar clickable after scrolling a long article 5,000 px at %s width (1280 and 375 px)', async (viewport) => {
    const tracked = await openEditor(browser, server.url, viewport);
    const long = Array.from({ length: 160 }, (_, index) => `<p>Parágrafo ${index + 1} de um artigo longo sobre prontuários.</p>`).join('');
    await setContent(tracked.page, long);
    await tracked.page.evaluate(() => window.scrollTo(0, 0));
    await tracked.page.evaluate(() => window.scrollBy(0, 5000));
    const bold = toolbarButton(tracked.page, 'Negrito (Ctrl+B)');
    const box = (await bold.boundingBox())!;
    const hit = await tracked.page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.getAttribute('aria-label') ?? null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toBe('Negrito (Ctrl+B)');
    expect(box.y).toBeGreaterThanOrEqual(0);
    await tracked.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('true');
    await saveScreenshot(tracked.page, `editor-rolado-${viewport}`);
    expect(tracked.problems).toEqual([]);
    await tracked.page.context().close();
  });

  it.each(['mobile', 'desktop'] as const)('shows alignment, numbering, spacing and paste notices as the page does, at %s width', async (viewport) => {
    const tracked = await openPage(browser, `${server.url}/novo-artigo`, viewport);
    await serveForeignImages(tracked.page);
    await tracked.page.waitForSelector(EDITOR);
    await setContent(tracked.page, RICH_DOCUMENT);
    const html = fixture('news-page.html');
    await paste(tracked.page, { html, text: textOf(html) });
    const align = await tracked.page.locator(`${EDITOR} h2 .public-DraftStyleDefault-block`).evaluate((element) => getComputedStyle(element).textAlign);
    expect(align).toBe('center');
    const marker = await tracked.page
      .locator(`${EDITOR} li.public-DraftStyleDefault-depth1`)
      .first()
      .evaluate((element) => getComputedStyle(element, '::before').content);
    expect(marker).not.toContain('lower-alpha');
    await tracked.page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(tracked.page, `editor-fidelidade-${viewport}`);
    expect(tracked.problems).toEqual([]);
    await tracked.page.context().close();
  });

  it.each(['mobile', 'desktop'] as const)('draws a quote of two paragraphs alike in the editor and on the published page, at %s width', async (viewport) => {
    const quote = '<p>Antes.</p><blockquote><p>Primeiro parágrafo da citação.</p><p>Segundo parágrafo da citação.</p></blockquote><p>Depois.</p>';
    const tracked = await openEditor(browser, server.url, viewport);
    const editor = tracked.page;
    await editor.locator('#artigo-chave').fill(TEST_EDITOR_KEY);
    await editor.locator('#artigo-titulo').fill(`Citação em dois parágrafos ${viewport}`);
    await editor.locator('#artigo-descricao').fill('Artigo com uma citação de dois parágrafos.');
    await editor.locator('#artigo-imagem-nome').fill('capa.png');
    await editor.locator('#artigo-imagem-caption').fill('Capa');
    await editor.locator('#artigo-imagem-largura').fill('600');
    await editor.locator('#artigo-imagem-altura').fill('545');
    await setContent(editor, quote);
    // Space between the two paragraphs and from the last line to the quote's bottom edge, in ems.
    const inEditor = await editor.locator(`${EDITOR} blockquote[data-block='true']`).evaluateAll((quotes) => {
      const text = quotes.map((element) => element.querySelector('.public-DraftStyleDefault-block')!.getBoundingClientRect());
      const em = parseFloat(getComputedStyle(quotes[0]!).fontSize);
      return { between: (text[1]!.top - text[0]!.bottom) / em, below: (quotes[1]!.getBoundingClientRect().bottom - text[1]!.bottom) / em };
    });
    await editor.locator(`${EDITOR} blockquote`).first().scrollIntoViewIfNeeded();
    await saveScreenshot(editor, `editor-citacao-${viewport}`);
    await publish(editor);
    await editor.getByText('Artigo cadastrado!').waitFor();
    const href = await editor.getByRole('link', { name: 'Ver o artigo publicado' }).getAttribute('href');
    await editor.goto(`${server.url}${href!}`);
    const onPage = await editor.locator('.article-body blockquote').evaluate((element) => {
      const paragraphs = [...element.querySelectorAll('p')].map((p) => p.getBoundingClientRect());
      const em = parseFloat(getComputedStyle(element).fontSize);
      return { between: (paragraphs[1]!.top - paragraphs[0]!.bottom) / em, below: (element.getBoundingClientRect().bottom - paragraphs[1]!.bottom) / em };
    });
    await editor.locator('.article-body blockquote').scrollIntoViewIfNeeded();
    await saveScreenshot(editor, `pagina-citacao-${viewport}`);
    expect(onPage.below).toBeLessThan(0.5);
    expect(onPage.below).toBeCloseTo(inEditor.below, 1);
    expect(onPage.between).toBeCloseTo(inEditor.between, 1);
    expect(tracked.problems).toEqual([]);
    await editor.context().close();
  });

  it('moves with the arrow keys within a colour grid', async () => {
    await setContent(page, '<p>cor</p>');
    await page.getByRole('button', { name: 'Cor do texto' }).click();
    await page.locator('.rte-swatch').first().focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('title'))).toBe('cinza-escuro 4');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('title'))).toBe('vermelho');
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('title'))).toBe('azul');
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('title'))).toBe('branco');
    await page.keyboard.press('Escape');
  });

  it('keeps the selection painted while focus is in the toolbar', async () => {
    await setContent(page, '<p>palavra selecionada</p>');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('Shift+Tab');
    const painted = await page.evaluate(() => {
      const highlight = (CSS as unknown as { highlights: Map<string, Iterable<Range>> }).highlights.get('rte-selection');
      return highlight ? [...highlight].map((range) => range.toString()).join('') : null;
    });
    expect(painted).toBe('palavra selecionada');
    expect(problems).toEqual([]);
  });
});
