import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, VIEWPORTS } from './support/browser.js';
import { contentHtml, EDITOR, PNG_1X1, setContent } from './support/editor-page.js';
import { failOnPageErrors } from './support/page-errors.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

const PNG_BASE64 = PNG_1X1.toString('base64');

describe.runIf(hasBrowser)('editor: nothing typed or dropped is lost (issue 34)', () => {
  let server: RunningServer;
  let browser: Browser;
  const pageErrors = failOnPageErrors();

  beforeAll(async () => {
    [server, browser] = await Promise.all([startBuiltServer(), pageErrors.launch()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'pt-BR' });
    const answer = await context.request.post(`${server.url}/api/sessao`, { data: { key: TEST_EDITOR_KEY }, headers: { origin: server.url } });
    expect(answer.status()).toBe(200);
    return context;
  }

  async function open(context: BrowserContext, path = '/novo-artigo'): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    await page.waitForSelector(EDITOR);
    return page;
  }

  /** A saved article holding one uploaded image, opened in the editor: its id and the image's address. */
  async function articleWithImage(context: BrowserContext, title: string): Promise<{ page: Page; id: number; src: string }> {
    const page = await open(context);
    await page.locator('#artigo-titulo').fill(title);
    await setContent(page, '<p>Texto do artigo.</p>');
    await page.getByRole('button', { name: 'Salvar rascunho' }).click();
    await page.getByText('Rascunho salvo.').waitFor();
    const id = Number(/\/editor\/artigos\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    await page.locator('.upload-slot input[type="file"]').last().setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await page.getByText('Arquivo carregado: foto.png').waitFor();
    return { page, id, src: `/assets/artigos/${id}/foto.png` };
  }

  /** A file released at a point of the page (client coordinates) over the element found there. */
  const dropAt = (page: Page, point: { x: number; y: number }, name: string) =>
    page.evaluate(
      ({ point, name, base64 }) => {
        const target = document.elementFromPoint(point.x, point.y)!;
        const data = new DataTransfer();
        data.items.add(new File([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], name, { type: 'image/png' }));
        const at = { clientX: point.x, clientY: point.y };
        target.dispatchEvent(new DragEvent('dragenter', { dataTransfer: data, bubbles: true, cancelable: true, ...at }));
        target.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true, ...at }));
        target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true, ...at }));
      },
      { point, name, base64: PNG_BASE64 },
    );

  it('typing after an image that ends the text goes into a new paragraph after it', async () => {
    const context = await signedIn();
    const { page, src } = await articleWithImage(context, 'Imagem no fim');
    await setContent(page, `<p>Texto do artigo.</p><p><img src="${src}" alt="Foto" width="1" /></p>`);
    await page.keyboard.type('Depois da foto.');
    expect(await contentHtml(page)).toBe(`<p>Texto do artigo.</p><p><img src="${src}" alt="Foto" width="1" /></p><p>Depois da foto.</p>`);
    await context.close();
  });

  it('arrow keys move around an image, and a click below the last block puts the caret after it', async () => {
    const context = await signedIn();
    const { page, src } = await articleWithImage(context, 'Setas e imagem');
    await setContent(page, `<p>Antes.</p><p><img src="${src}" alt="Foto" width="1" /></p><p>Depois.</p>`);
    await page.locator(EDITOR).getByText('Antes.').click();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Home');
    await page.keyboard.type('Já ');
    expect(await contentHtml(page)).toBe(`<p>Antes.</p><p><img src="${src}" alt="Foto" width="1" /></p><p>Já Depois.</p>`);
    // From the selected image: up goes to the end of the text before it, down to the start of the text after.
    await page.locator(`${EDITOR} img`).click();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.type(' Fim.');
    await page.locator(`${EDITOR} img`).click();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.type('Logo ');
    // Typed on the selected image: the text goes after it, the image stays.
    await page.locator(`${EDITOR} img`).click();
    await page.keyboard.type('Novo. ');
    expect(await contentHtml(page)).toBe(`<p>Antes. Fim.</p><p><img src="${src}" alt="Foto" width="1" /></p><p>Novo. Logo Já Depois.</p>`);

    await setContent(page, `<p>Antes.</p><p><img src="${src}" alt="Foto" width="1" /></p>`);
    const surface = (await page.locator('.rte-surface').boundingBox())!;
    await page.mouse.click(surface.x + surface.width / 2, surface.y + surface.height - 4);
    await page.keyboard.type('Clicado embaixo.');
    expect(await contentHtml(page)).toBe(`<p>Antes.</p><p><img src="${src}" alt="Foto" width="1" /></p><p>Clicado embaixo.</p>`);
    await context.close();
  });

  it('a photo dropped below the last line, on the frame or on the toolbar uploads and lands at the nearest block boundary', async () => {
    const context = await signedIn();
    const { page, id } = await articleWithImage(context, 'Fotos soltas');
    await setContent(page, '<p>Primeira linha.</p><p>Última linha.</p>');
    const surface = (await page.locator('.rte-surface').boundingBox())!;
    await dropAt(page, { x: surface.x + surface.width / 2, y: surface.y + surface.height - 3 }, 'embaixo.png');
    await page.getByText('Arquivo carregado: embaixo.png').waitFor();
    const img = (name: string) => `<p><img src="/assets/artigos/${id}/${name}" alt="" width="1" /></p>`;
    await expect.poll(() => contentHtml(page)).toBe(`<p>Primeira linha.</p><p>Última linha.</p>${img('embaixo.png')}`);

    await setContent(page, '<p>Primeira linha.</p><p>Última linha.</p>');
    const bar = (await page.locator('.rte-bar').boundingBox())!;
    await dropAt(page, { x: bar.x + 2, y: bar.y + bar.height / 2 }, 'barra.png');
    await page.getByText('Arquivo carregado: barra.png').waitFor();
    await expect.poll(() => contentHtml(page)).toBe(`${img('barra.png')}<p>Primeira linha.</p><p>Última linha.</p>`);
    await context.close();
  });

  it('a photo dropped inside a word lands before or after its paragraph, whichever edge is nearer, never splitting the word', async () => {
    const context = await signedIn();
    const { page, id } = await articleWithImage(context, 'Palavra inteira');
    await setContent(page, '<p>Primeiro.</p><p>Texto do artigo que segue.</p><p>Fim.</p>');
    const word = async (text: string) => {
      const box = await page.locator(EDITOR).evaluate((surface, text) => {
        const walker = document.createTreeWalker(surface, NodeFilter.SHOW_TEXT);
        let node = walker.nextNode();
        while (node && !node.textContent!.includes(text)) node = walker.nextNode();
        const start = node!.textContent!.indexOf(text);
        const range = document.createRange();
        range.setStart(node!, start + 1);
        range.setEnd(node!, start + 2);
        const rect = range.getBoundingClientRect();
        return { x: rect.left, y: rect.top + rect.height / 2 };
      }, text);
      return box;
    };
    await dropAt(page, await word('Texto'), 'meio.png');
    await page.getByText('Arquivo carregado: meio.png').waitFor();
    await expect
      .poll(() => contentHtml(page))
      .toBe(`<p>Primeiro.</p><p><img src="/assets/artigos/${id}/meio.png" alt="" width="1" /></p><p>Texto do artigo que segue.</p><p>Fim.</p>`);
    await context.close();
  });

  it('an error inside the editor is caught, logged on the server and told, and the text stays', async () => {
    const context = await signedIn();
    const page = await open(context);
    await setContent(page, '<p>Primeiro parágrafo guardado.</p><p>Segundo parágrafo.</p>');
    await page.waitForTimeout(100);
    // What a browser extension does: it rewrites the editor's DOM behind React's back, and the next
    // render cannot find the node it owns.
    await page.locator(EDITOR).evaluate((surface) => {
      const contents = surface.querySelector('[data-contents="true"]')!;
      contents.replaceChildren(document.createElement('p'));
    });
    await page.keyboard.press('Control+End');
    await page.keyboard.type('x');
    await page.getByRole('alert').filter({ hasText: 'Algo deu errado ao editar; seu texto está guardado.' }).waitFor();
    await page.waitForSelector(EDITOR);
    expect(await contentHtml(page)).toContain('<p>Primeiro parágrafo guardado.</p>');
    await expect.poll(() => server.output()).toContain('erro no navegador');
    await context.close();
  });
});
