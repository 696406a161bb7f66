import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hasBrowser, trackProblems, VIEWPORTS } from './support/browser.js';
import { failOnPageErrors } from './support/page-errors.js';
import { contentHtml, EDITOR, paste, PNG_1X1, typeInEditor } from './support/editor-page.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

const PNG_BASE64 = PNG_1X1.toString('base64');

describe.runIf(hasBrowser)('editor: images pasted and dropped into the text become uploads of the article (issue 22)', () => {
  const pageErrors = failOnPageErrors();
  let server: RunningServer;
  let browser: Browser;

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

  async function open(context: BrowserContext) {
    const page = await context.newPage();
    const problems = trackProblems(page);
    await page.goto(`${server.url}/novo-artigo`);
    await page.waitForSelector(EDITOR);
    return { page, problems };
  }

  /** What a screenshot on the clipboard is: a DataTransfer holding PNG files, pasted at the caret. */
  const pasteFiles = (page: Page, names: string[]) =>
    page.locator(EDITOR).evaluate(
      (surface, { names, base64 }) => {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const data = new DataTransfer();
        for (const name of names) data.items.add(new File([bytes], name, { type: 'image/png' }));
        surface.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      },
      { names, base64: PNG_BASE64 },
    );

  /** A file dragged from the desktop and released over the given text. */
  const dropFile = (page: Page, name: string, overText: string) =>
    page.locator(EDITOR).evaluate(
      (surface, { name, base64, overText }) => {
        const walker = document.createTreeWalker(surface, NodeFilter.SHOW_TEXT);
        let node: Node | null = walker.nextNode();
        while (node && !node.textContent!.includes(overText)) node = walker.nextNode();
        // A drop happens where the pointer is: on screen (the site scrolls smoothly, this jumps).
        node!.parentElement!.scrollIntoView({ block: 'center', behavior: 'instant' });
        // Released just over the right edge of the text's last character: the caret goes after it.
        const end = node!.textContent!.indexOf(overText) + overText.length;
        const range = document.createRange();
        range.setStart(node!, end - 1);
        range.setEnd(node!, end);
        const box = range.getBoundingClientRect();
        const point = { clientX: box.right - 0.5, clientY: box.top + box.height / 2 };
        const data = new DataTransfer();
        data.items.add(new File([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], name, { type: 'image/png' }));
        const target = node!.parentElement!;
        target.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true, ...point }));
        target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true, ...point }));
      },
      { name, base64: PNG_BASE64, overText },
    );

  /** The browser's copy of the waiting files: each file's name and the kind of place it keeps in the text. */
  const storedPlacements = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<{ name: string; placement: string }[]>((resolve) => {
          const request = indexedDB.open('prontivo-editor', 1);
          request.onsuccess = () => {
            const get = request.result.transaction('arquivos-pendentes').objectStore('arquivos-pendentes').get('arquivos:novo');
            get.onsuccess = () => {
              const files = (get.result ?? []) as { name: string; placement?: { place?: unknown; placeholder?: unknown } }[];
              resolve(files.map((file) => ({ name: file.name, placement: file.placement?.placeholder ? 'placeholder' : file.placement?.place ? 'place' : 'none' })));
            };
            get.onerror = () => resolve([]);
          };
          request.onerror = () => resolve([]);
        }),
    );

  it('images pasted before the first save wait in the queue and land where they were pasted, in order, once saved', async () => {
    const context = await signedIn();
    const { page, problems } = await open(context);
    await typeInEditor(page, 'Antes das imagens.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Depois das imagens.');
    await page.keyboard.press('Home');
    await pasteFiles(page, ['tela-1.png', 'tela-2.png']);
    // No title yet: nothing can reach the server, so the files wait like chosen ones.
    const queued = page.locator('.upload-queued .upload-name');
    await expect.poll(() => queued.allInnerTexts()).toEqual(['tela-1.png', 'tela-2.png']);
    await page.locator('#artigo-titulo').fill('Imagens coladas');
    await page.getByRole('button', { name: 'Salvar rascunho' }).click();
    await page.getByText('Rascunho salvo.').waitFor();
    const id = Number(/\/editor\/artigos\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    expect(await page.locator('.upload-uploaded .upload-name').allInnerTexts()).toEqual(['tela-1.png', 'tela-2.png']);
    expect(await contentHtml(page)).toBe(
      `<p>Antes das imagens.</p><p><img src="/assets/artigos/${id}/tela-1.png" alt="" width="1" /></p><p><img src="/assets/artigos/${id}/tela-2.png" alt="" width="1" /></p><p>Depois das imagens.</p>`,
    );
    // The draft the server keeps has them too (read after the upload, before the text was saved).
    const stored = await context.request.get(`${server.url}/api/artigos/${id}`);
    expect(((await stored.json()) as { value: { conteudo: string } }).value.conteudo).toContain(`/assets/artigos/${id}/tela-2.png`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a data: image inside pasted HTML lands at its own spot in the pasted content, wherever the caret went meanwhile', async () => {
    const context = await signedIn();
    const { page, problems } = await open(context);
    await typeInEditor(page, 'Início.');
    await page.keyboard.press('Enter');
    await paste(page, { html: `<p>antes</p><img src="data:image/png;base64,${PNG_BASE64}"><p>depois</p>`, text: 'antes depois' });
    // Until it is stored the image is a placeholder the editor sees and the article HTML leaves out.
    await page.locator(`${EDITOR} .rte-pending-image`, { hasText: 'Imagem colada: aguardando o envio' }).waitFor();
    await expect.poll(() => page.locator('.upload-queued .upload-name').allInnerTexts()).toEqual(['imagem-colada-1.png']);
    expect(await contentHtml(page)).toBe('<p>Início.</p><p>antes</p><p>depois</p>');
    expect(await axeViolations(page)).toEqual([]);
    // The caret leaves the paste: the image must not follow it.
    await page.locator(EDITOR).getByText('Início.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Mais texto.');
    await page.locator('#artigo-titulo').fill('Imagem no HTML colado');
    await page.getByRole('button', { name: 'Salvar rascunho' }).click();
    await page.getByText('Arquivo carregado: imagem-colada-1.png').waitFor();
    await page.getByText('Rascunho salvo.').waitFor();
    const id = Number(/\/editor\/artigos\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    const expected = `<p>Início. Mais texto.</p><p>antes</p><p><img src="/assets/artigos/${id}/imagem-colada-1.png" alt="" width="1" /></p><p>depois</p>`;
    await expect.poll(() => contentHtml(page)).toBe(expected);
    expect(await page.locator(`${EDITOR} .rte-pending-image`).count()).toBe(0);
    const stored = await context.request.get(`${server.url}/api/artigos/${id}`);
    expect(((await stored.json()) as { value: { conteudo: string } }).value.conteudo).toBe(expected);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('an image in a cell of a pasted table goes just after the table and is uploaded there; another site\'s is a placeholder asking for the file; both announced (issue 34)', async () => {
    const context = await signedIn();
    const { page, problems } = await open(context);
    await typeInEditor(page, 'Início.');
    await page.keyboard.press('Enter');
    const cellStyle = 'border:solid #000000 1pt;vertical-align:top;padding:5pt';
    const html =
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-5b1e0c77-7fff-1d2a-9e04-6f3b2a8c1d90"><div dir="ltr" style="margin-left:0pt;" align="left"><table style="border:none;border-collapse:collapse;"><colgroup><col width="200" /><col width="200" /></colgroup><tbody>' +
      `<tr style="height:0pt"><td style="${cellStyle}"><p dir="ltr"><span style="font-weight:400">Exame</span></p></td><td style="${cellStyle}"><p dir="ltr"><span style="font-weight:400">Imagem</span></p></td></tr>` +
      `<tr style="height:0pt"><td style="${cellStyle}"><p dir="ltr"><span style="font-weight:400">Raio X</span></p></td><td style="${cellStyle}"><p dir="ltr"><span style="font-weight:400"><span style="border:none;display:inline-block;overflow:hidden;width:120px;height:90px;"><img src="data:image/png;base64,${PNG_BASE64}" width="120" height="90" style="margin-left:0px;margin-top:0px;" /></span></span></p></td></tr>` +
      `<tr style="height:0pt"><td style="${cellStyle}"><p dir="ltr"><span style="font-weight:400">ECG</span></p></td><td style="${cellStyle}"><p dir="ltr"><span style="font-weight:400"><span style="border:none;display:inline-block;overflow:hidden;width:120px;height:90px;"><img src="https://lh7-rt.googleusercontent.com/docsz/AD_4nXecg.png" width="120" height="90" /></span></span></p></td></tr>` +
      '</tbody></table></div><p dir="ltr"><span style="font-weight:400">Depois da tabela.</span></p></b>';
    await paste(page, { html, text: 'Exame Imagem Raio X ECG Depois da tabela.' });
    const announced = await page.locator('.rte-announcements').innerText();
    expect(announced.split('\n').filter(Boolean)).toEqual([
      'Uma imagem de outro site não foi copiada: envie o arquivo dela e insira-o no lugar marcado.',
      '2 imagens que estavam em células de tabela foram postas logo depois das tabelas: as células guardam só texto.',
    ]);
    await page.locator(`${EDITOR} .rte-pending-image`, { hasText: 'Imagem colada: aguardando o envio' }).waitFor();
    await page.locator(`${EDITOR} .rte-pending-image`, { hasText: 'Imagem de outro site: envie o arquivo' }).waitFor();
    const table = '<table><tbody><tr><td>Exame</td><td>Imagem</td></tr><tr><td>Raio X</td><td></td></tr><tr><td>ECG</td><td></td></tr></tbody></table>';
    expect(await contentHtml(page)).toBe(`<p>Início.</p>${table}<p>Depois da tabela.</p>`);
    await page.locator('#artigo-titulo').fill('Tabela com imagens');
    await page.getByRole('button', { name: 'Salvar rascunho' }).click();
    await page.getByText('Arquivo carregado: imagem-colada-1.png').waitFor();
    await page.getByText('Rascunho salvo.').waitFor();
    const id = Number(/\/editor\/artigos\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    const expected = `<p>Início.</p>${table}<p><img src="/assets/artigos/${id}/imagem-colada-1.png" alt="" width="1" /></p><p>Depois da tabela.</p>`;
    await expect.poll(() => contentHtml(page)).toBe(expected);
    // The other site's image still waits for its file, right after the uploaded one.
    const order = await page.locator(EDITOR).evaluate((surface) =>
      Array.from(surface.querySelectorAll('.rte-table, img.rte-image, .rte-pending-image')).map((node) => (node.matches('.rte-pending-image') ? 'placeholder' : node.tagName.toLowerCase())),
    );
    expect(order.slice(-2)).toEqual(['img', 'placeholder']);
    expect(await axeViolations(page)).toEqual([]);
    const stored = await context.request.get(`${server.url}/api/artigos/${id}`);
    expect(((await stored.json()) as { value: { conteudo: string } }).value.conteudo).toBe(expected);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('an image dropped on the text of a saved article uploads at once and lands where it was dropped; one dropped on the uploader is a chosen file', async () => {
    const context = await signedIn();
    const { page, problems } = await open(context);
    await page.locator('#artigo-titulo').fill('Imagem solta');
    await typeInEditor(page, 'Primeira frase.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Segunda frase.');
    await page.getByRole('button', { name: 'Salvar rascunho' }).click();
    await page.getByText('Rascunho salvo.').waitFor();
    const id = Number(/\/editor\/artigos\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);

    await dropFile(page, 'solta.png', 'Primeira frase.');
    await page.getByText('Arquivo carregado: solta.png').waitFor();
    await expect
      .poll(() => contentHtml(page))
      .toBe(`<p>Primeira frase.</p><p><img src="/assets/artigos/${id}/solta.png" alt="" width="1" /></p><p>Segunda frase.</p>`);

    await page.locator('.uploader-drop').evaluate((zone, base64) => {
      const data = new DataTransfer();
      data.items.add(new File([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], 'lista.png', { type: 'image/png' }));
      zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, PNG_BASE64);
    await page.getByText('Arquivo carregado: lista.png').waitFor();
    expect(await page.locator('.upload-uploaded .upload-name').allInnerTexts()).toEqual(['solta.png', 'lista.png']);
    expect(await contentHtml(page)).not.toContain('lista.png');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('photos chosen but not yet uploaded survive a reload: offered back with the text, sent with the first save, then forgotten', async () => {
    const context = await signedIn();
    const { page, problems } = await open(context);
    page.on('dialog', (dialog) => void dialog.accept());
    const picker = () => page.locator('.upload-slot input[type="file"]').last();
    await picker().setInputFiles({ name: 'consultorio.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await picker().setInputFiles({ name: 'recepcao.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await typeInEditor(page, 'Texto com fotos escolhidas.');
    // The copy in IndexedDB is written when the set of waiting files changes; wait until both are there.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const request = indexedDB.open('prontivo-editor', 1);
              request.onsuccess = () => {
                const get = request.result.transaction('arquivos-pendentes').objectStore('arquivos-pendentes').get('arquivos:novo');
                get.onsuccess = () => resolve((get.result as unknown[] | undefined)?.length ?? 0);
                get.onerror = () => resolve(-1);
              };
              request.onerror = () => resolve(-1);
            }),
        ),
      )
      .toBe(2);

    await page.reload();
    await page.waitForSelector(EDITOR);
    await page.getByText('Rascunho restaurado.').waitFor();
    await page.getByText('2 arquivos escolhidos e ainda não enviados voltaram para "Imagens".').waitFor();
    expect(await page.locator('.upload-queued .upload-name').allInnerTexts()).toEqual(['consultorio.png', 'recepcao.png']);
    expect(await page.locator('.upload-queued img.upload-thumb').count()).toBe(2);
    expect(await contentHtml(page)).toBe('<p>Texto com fotos escolhidas.</p>');

    await page.locator('#artigo-titulo').fill('Fotos que voltaram');
    await page.getByRole('button', { name: 'Salvar rascunho' }).click();
    await page.getByText('Arquivo carregado: recepcao.png').waitFor();
    await page.getByText('Rascunho salvo.').waitFor();
    await page.reload();
    await page.waitForSelector(EDITOR);
    expect(await page.locator('.upload-uploaded .upload-name').allInnerTexts()).toEqual(['consultorio.png', 'recepcao.png']);
    expect(await page.getByText('voltaram para "Imagens"').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('images pasted into the text before the first save survive a reload and, once saved, land where they were pasted', async () => {
    const context = await signedIn();
    const { page, problems } = await open(context);
    page.on('dialog', (dialog) => void dialog.accept());
    await typeInEditor(page, 'Primeiro parágrafo.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Segundo parágrafo.');
    await page.keyboard.press('Home');
    await pasteFiles(page, ['tela.png']);
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await paste(page, { html: `<p>colado</p><img src="data:image/png;base64,${PNG_BASE64}" alt="Gráfico"><p>fim do colado</p>`, text: 'colado fim do colado' });
    // Both copies must be written before the reload: the files (with their places) and the text.
    await expect.poll(() => storedPlacements(page)).toEqual([
      { name: 'tela.png', placement: 'place' },
      { name: 'imagem-colada-1.png', placement: 'placeholder' },
    ]);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('prontivo:rascunho-novo-artigo:v1') ?? '')).toContain('fim do colado');

    await page.reload();
    await page.waitForSelector(EDITOR);
    await page.getByText('Rascunho restaurado.').waitFor();
    await expect.poll(() => page.locator('.upload-queued .upload-name').allInnerTexts()).toEqual(['tela.png', 'imagem-colada-1.png']);
    await page.locator(`${EDITOR} .rte-pending-image`).waitFor();
    expect(await contentHtml(page)).toBe('<p>Primeiro parágrafo.</p><p>Segundo parágrafo.</p><p>colado</p><p>fim do colado</p>');

    await page.locator('#artigo-titulo').fill('Coladas antes de um recarregamento');
    await page.getByRole('button', { name: 'Salvar rascunho' }).click();
    await page.getByText('Arquivo carregado: imagem-colada-1.png').waitFor();
    await page.getByText('Rascunho salvo.').waitFor();
    const id = Number(/\/editor\/artigos\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    const expected =
      `<p>Primeiro parágrafo.</p><p><img src="/assets/artigos/${id}/tela.png" alt="" width="1" /></p><p>Segundo parágrafo.</p>` +
      `<p>colado</p><p><img src="/assets/artigos/${id}/imagem-colada-1.png" alt="Gráfico" width="1" /></p><p>fim do colado</p>`;
    await expect.poll(() => contentHtml(page)).toBe(expected);
    const stored = await context.request.get(`${server.url}/api/artigos/${id}`);
    expect(((await stored.json()) as { value: { conteudo: string } }).value.conteudo).toBe(expected);
    expect(problems).toEqual([]);
    await context.close();
  });
});
