import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { failOnPageErrors } from './support/page-errors.js';
import { contentHtml, EDITOR, openEditor, selectLine, setContent, toolbarButton } from './support/editor-page.js';
import { startBuiltServer, type RunningServer } from './support/server.js';

/** Each toolbar button applied to the typed word "texto", and the HTML it must produce. */
const MARK_BUTTONS: [string, string][] = [
  ['Negrito (Ctrl+B)', '<p><strong>texto</strong></p>'],
  ['Itálico (Ctrl+I)', '<p><em>texto</em></p>'],
  ['Sublinhado (Ctrl+U)', '<p><u>texto</u></p>'],
  ['Tachado', '<p><s>texto</s></p>'],
  ['Código (Ctrl+`)', '<p><code>texto</code></p>'],
  ['Sobrescrito', '<p><sup>texto</sup></p>'],
  ['Subscrito', '<p><sub>texto</sub></p>'],
  ['Citação', '<blockquote>texto</blockquote>'],
  ['Lista numerada', '<ol><li>texto</li></ol>'],
  ['Lista com marcadores', '<ul><li>texto</li></ul>'],
  ['Centralizar', '<p style="text-align:center">texto</p>'],
  ['Alinhar à direita', '<p style="text-align:right">texto</p>'],
  ['Justificar', '<p style="text-align:justify">texto</p>'],
  ['Aumentar recuo', '<p style="margin-left:40px">texto</p>'],
];

describe.runIf(hasBrowser)('article editor /novo-artigo in Chromium', () => {
  const pageErrors = failOnPageErrors();
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await pageErrors.launch();
    ({ page, problems } = await openEditor(browser, server.url));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function fresh(html = '<p>texto</p>') {
    await setContent(page, html);
  }

  it('hydrates the server-rendered form, in the order of the spec, and loads Draft.js', async () => {
    const labels = await page.locator('.article-form > .field > label, .article-form > .field-editor > .field-label, .article-form legend').allInnerTexts();
    expect(labels.map((label) => label.replace(' *', '').trim())).toEqual([
      'Chave',
      'Novo ID',
      'Título',
      'Título na URL',
      'Descrição',
      'Palavras-chave',
      // The spec's fields keep their order; topics (issue 19), credits (issue 18) and planning (issue 33) sit among them.
      'Temas',
      'Conteúdo',
      'Autoria e conteúdo clínico',
      'Planejamento',
      'Imagem principal',
      'Imagens',
    ]);
    expect(await page.locator('#artigo-chave').getAttribute('type')).toBe('password');
    expect(await page.locator('#artigo-novo-id').getAttribute('readonly')).not.toBeNull();
    expect(Number(await page.locator('#artigo-novo-id').inputValue())).toBeGreaterThan(0);
    expect(await page.locator('.public-DraftEditorPlaceholder-inner').innerText()).toBe('Digite aqui...');
    expect(await page.getByRole('button', { name: 'Salvar', exact: true }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  it.each(MARK_BUTTONS)('toolbar "%s" formats the selected text', async (label, expected) => {
    await fresh();
    await selectLine(page);
    await toolbarButton(page, label).click();
    expect(await contentHtml(page)).toBe(expected);
  });

  it('shows the pressed state of marks and blocks at the caret', async () => {
    await fresh('<h2><strong>negrito</strong> normal</h2>');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => toolbarButton(page, 'Negrito (Ctrl+B)').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('End');
    await expect.poll(() => toolbarButton(page, 'Negrito (Ctrl+B)').getAttribute('aria-pressed')).toBe('false');
    expect(await toolbarButton(page, 'Títulos').innerText()).toContain('T2');
  });

  it('headings 1 to 6 come from the menu, and the same entry turns them back into a paragraph', async () => {
    for (const level of [1, 2, 3, 4, 5, 6]) {
      await fresh();
      await toolbarButton(page, 'Títulos').click();
      await page.getByRole('button', { name: `Título ${level}`, exact: true }).click();
      expect(await contentHtml(page)).toBe(`<h${level}>texto</h${level}>`);
    }
    await toolbarButton(page, 'Títulos').click();
    await page.getByRole('button', { name: 'Parágrafo', exact: true }).click();
    expect(await contentHtml(page)).toBe('<p>texto</p>');
  });

  it('text and background colours: 16 presets in two rows of 8, and "remover cor"', async () => {
    await fresh();
    await selectLine(page);
    await toolbarButton(page, 'Cor do texto').click();
    const swatches = page.locator('.rte-swatch');
    expect(await swatches.count()).toBe(16);
    const tops = new Set(await swatches.evaluateAll((nodes) => nodes.map((node) => Math.round(node.getBoundingClientRect().top))));
    expect(tops.size).toBe(2);
    await page.getByRole('button', { name: 'vermelho (#ff0000)' }).click();
    await selectLine(page);
    await toolbarButton(page, 'Cor de fundo').click();
    await page.getByRole('button', { name: 'amarelo (#ffff00)' }).click();
    expect(await contentHtml(page)).toBe('<p><span style="color:#ff0000"><span style="background-color:#ffff00">texto</span></span></p>');
    await page.keyboard.press('End');
    await selectLine(page);
    await toolbarButton(page, 'Cor do texto').click();
    await page.getByRole('button', { name: 'Remover cor' }).click();
    expect(await contentHtml(page)).toBe('<p><span style="background-color:#ffff00">texto</span></p>');
  });

  it('left alignment, outdent, clear formatting and the horizontal rule', async () => {
    await fresh('<p style="text-align:center;margin-left:80px"><strong><em>texto</em></strong></p>');
    await toolbarButton(page, 'Alinhar à esquerda').click();
    await toolbarButton(page, 'Diminuir recuo').click();
    expect(await contentHtml(page)).toBe('<p style="margin-left:40px"><strong><em>texto</em></strong></p>');
    await selectLine(page);
    await toolbarButton(page, 'Limpar formatação').click();
    expect(await contentHtml(page)).toBe('<p style="margin-left:40px">texto</p>');
    await fresh();
    await toolbarButton(page, 'Linha horizontal').click();
    expect(await contentHtml(page)).toBe('<p>texto</p><hr />');
  });

  it('undo and redo buttons', async () => {
    await fresh();
    await selectLine(page);
    await toolbarButton(page, 'Negrito (Ctrl+B)').click();
    await toolbarButton(page, 'Desfazer (Ctrl+Z)').click();
    expect(await contentHtml(page)).toBe('<p>texto</p>');
    await toolbarButton(page, 'Refazer (Ctrl+Y)').click();
    expect(await contentHtml(page)).toBe('<p><strong>texto</strong></p>');
  });

  it('keyboard shortcuts: Mod-B, Mod-I, Mod-U, Mod-` on typed text', async () => {
    await fresh('');
    for (const [shortcut, text] of [['Control+B', 'b'], ['Control+I', 'i'], ['Control+U', 'u'], ['Control+Backquote', 'c']]) {
      await page.keyboard.press(shortcut!);
      await page.keyboard.type(text!);
      await page.keyboard.press(shortcut!);
      await page.keyboard.type('-');
    }
    expect(await contentHtml(page)).toBe('<p><strong>b</strong>-<em>i</em>-<u>u</u>-<code>c</code>-</p>');
  });

  it('keyboard undo groups typing within 500 ms; Mod-Y and Shift-Mod-Z redo', async () => {
    await fresh('');
    await page.keyboard.type('um');
    await page.waitForTimeout(700);
    await page.keyboard.type(' dois');
    await page.keyboard.press('Control+Z');
    expect(await contentHtml(page)).toBe('<p>um</p>');
    await page.locator(EDITOR).click();
    await page.keyboard.press('Control+Y');
    expect(await contentHtml(page)).toBe('<p>um dois</p>');
    await page.locator(EDITOR).click();
    await page.keyboard.press('Control+Z');
    await page.keyboard.press('Control+Shift+Z');
    expect(await contentHtml(page)).toBe('<p>um dois</p>');
  });

  it('Tab, Mod-] and Mod-[ change a list item level', async () => {
    await fresh('');
    await page.keyboard.type('- um');
    await page.keyboard.press('Enter');
    await page.keyboard.type('dois');
    await page.keyboard.press('Tab');
    expect(await contentHtml(page)).toBe('<ul><li>um<ul><li>dois</li></ul></li></ul>');
    await page.locator(EDITOR).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Control+BracketLeft');
    expect(await contentHtml(page)).toBe('<ul><li>um</li><li>dois</li></ul>');
    await page.locator(EDITOR).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Control+BracketRight');
    expect(await contentHtml(page)).toBe('<ul><li>um<ul><li>dois</li></ul></li></ul>');
  });

  it.each([
    ['> citação', '<blockquote>citação</blockquote>'],
    ['1. primeiro', '<ol><li>primeiro</li></ol>'],
    ['- traço', '<ul><li>traço</li></ul>'],
    ['+ mais', '<ul><li>mais</li></ul>'],
    ['* estrela', '<ul><li>estrela</li></ul>'],
    ['```código', '<pre><code>código</code></pre>'],
    ['# um', '<h1>um</h1>'],
    ['## dois', '<h2>dois</h2>'],
    ['### três', '<h3>três</h3>'],
    ['#### quatro', '<h4>quatro</h4>'],
    ['##### cinco', '<h5>cinco</h5>'],
    ['###### seis', '<h6>seis</h6>'],
    ['a **forte** e __grosso__ b', '<p>a <strong>forte</strong> e <strong>grosso</strong> b</p>'],
    ['a *leve* e _fino_ b', '<p>a <em>leve</em> e <em>fino</em> b</p>'],
  ])('input rule: typing "%s"', async (typed, expected) => {
    await fresh('');
    await page.keyboard.type(typed);
    expect(await contentHtml(page)).toBe(expected);
  });

  it('HTML switch: on shows formatted HTML and hides the editor; off reads the text area back', async () => {
    await fresh('<p>um</p><ul><li>a<ul><li>b</li></ul></li></ul>');
    const toggle = page.getByRole('switch', { name: 'HTML' });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    expect(await page.locator(EDITOR).count()).toBe(0);
    expect(await page.locator('#conteudo-html').inputValue()).toBe(
      ['<p>um</p>', '<ul>', '  <li>a<ul>', '      <li>b</li>', '    </ul>', '  </li>', '</ul>'].join('\n'),
    );
    expect(await toolbarButton(page, 'Negrito (Ctrl+B)').isDisabled()).toBe(true);
    await page.locator('#conteudo-html').fill('<h2 style="text-align:center">Novo</h2><p><s>riscado</s><script>alert(1)</script></p>');
    await toggle.click();
    expect(await page.locator(`${EDITOR} h2`).innerText()).toBe('Novo');
    expect(await contentHtml(page)).toBe('<h2 style="text-align:center">Novo</h2><p><s>riscado</s></p>');
  });

  it('link dialog: refuses empty and unsafe addresses and empty text; Mod-K opens it', async () => {
    await fresh();
    await selectLine(page);
    await page.keyboard.press('Control+K');
    const dialog = page.getByRole('dialog', { name: 'Inserir link' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Texto').inputValue()).toBe('texto');
    expect(await dialog.getByLabel('Abrir em nova aba').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    expect(await dialog.getByText('Informe o endereço do link.').isVisible()).toBe(true);
    await dialog.getByLabel('Endereço (URL)').fill('javascript:alert(1)');
    await dialog.getByLabel('Texto').fill('');
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    expect(await dialog.getByText(/Endereço inválido/).isVisible()).toBe(true);
    expect(await dialog.getByText('Informe o texto do link.').isVisible()).toBe(true);
    expect(await dialog.getByLabel('Endereço (URL)').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Endereço (URL)').fill('exemplo.com.br/pagina');
    await dialog.getByLabel('Texto').fill('o site');
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    expect(await contentHtml(page)).toBe('<p><a href="https://exemplo.com.br/pagina" target="_blank" rel="noopener noreferrer">o site</a></p>');
    await fresh();
    await selectLine(page);
    await toolbarButton(page, 'Link (Ctrl+K)').click();
    await dialog.getByLabel('Endereço (URL)').fill('mailto:contato@exemplo.com');
    await dialog.getByLabel('Abrir em nova aba').uncheck();
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    expect(await contentHtml(page)).toBe('<p><a href="mailto:contato@exemplo.com" rel="noopener noreferrer">texto</a></p>');
  });

  it('image dialog: refuses an empty or invalid address and a too small width', async () => {
    await fresh();
    await toolbarButton(page, 'Imagem').click();
    const dialog = page.getByRole('dialog', { name: 'Inserir imagem' });
    await dialog.getByRole('button', { name: 'Inserir' }).click();
    expect(await dialog.getByText('Informe o endereço da imagem.').isVisible()).toBe(true);
    await dialog.getByLabel('Endereço da imagem (URL)').fill('nao e uma url');
    await dialog.getByLabel('Largura (px)').fill('5');
    await dialog.getByRole('button', { name: 'Inserir' }).click();
    expect(await dialog.getByText(/Endereço inválido/).isVisible()).toBe(true);
    expect(await dialog.getByText(/A largura deve ser/).isVisible()).toBe(true);
    await dialog.getByLabel('Endereço da imagem (URL)').fill(`${server.url}/logo-512.png`);
    await dialog.getByLabel('Texto alternativo').fill('Uma foto');
    await dialog.getByLabel('Largura (px)').fill('300');
    await dialog.getByRole('button', { name: 'Inserir' }).click();
    expect(await contentHtml(page)).toBe(`<p>texto</p><p><img src="${server.url}/logo-512.png" alt="Uma foto" width="300" /></p>`);
  });

  it('reduces pasted HTML from a word processor or a web page to the schema', async () => {
    await fresh('<p>início</p><p></p>');
    await page.evaluate((editor) => {
      const data = new DataTransfer();
      data.setData(
        'text/html',
        '<meta charset="utf-8"><b style="font-weight:normal" id="docs-internal-guid-1"><p class="MsoNormal" style="font-family:Arial;font-size:14pt">' +
          '<span style="font-weight:700">Colado</span> com <a href="javascript:alert(1)">link ruim</a> e <a href="https://exemplo.com">bom</a></p>' +
          '<table><tr><td>célula</td></tr></table><img src="data:image/png;base64,AAAA"><script>alert(1)</script></b>',
      );
      data.setData('text/plain', 'Colado com link ruim e bom célula');
      document.querySelector(editor)!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, EDITOR);
    expect(await contentHtml(page)).toBe(
      '<p>início</p><p><strong>Colado</strong> com link ruim e <a href="https://exemplo.com" rel="noopener noreferrer">bom</a></p><table><tbody><tr><td>célula</td></tr></tbody></table>',
    );
  });

  it('works with the keyboard alone: the toolbar is one Tab stop with arrow keys inside', async () => {
    await fresh('');
    // The last stop before the text: the topics field's button, under the keywords.
    await page.locator('#artigo-temas ~ button').focus();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.className ?? '');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="toolbar"]') !== null)).toBe(true);
    await page.keyboard.press('Home');
    expect(await focused()).toBe('Negrito (Ctrl+B)');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('Itálico (Ctrl+I)');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('switch');
    await page.keyboard.press('Tab');
    expect(await focused()).toContain('public-DraftEditor-content');
    await page.keyboard.type('abc');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('Itálico (Ctrl+I)');
    await page.keyboard.press('Enter');
    await expect.poll(focused).toContain('public-DraftEditor-content');
    expect(await contentHtml(page)).toBe('<p><em>abc</em></p>');
    await page.locator('#artigo-temas ~ button').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    expect(await contentHtml(page)).toBe('<p>abc</p>');
  });

  it('has no console errors so far', () => {
    expect(problems).toEqual([]);
  });
});
