import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, trackProblems, VIEWPORTS } from './support/browser.js';
import { failOnPageErrors } from './support/page-errors.js';
import { contentHtml, EDITOR, typeInEditor } from './support/editor-page.js';
import { phonePhoto } from './support/phone-photo.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

const UPLOAD = '**/api/artigos/upload-imagem';

describe.runIf(hasBrowser)('editor: a pasted photo survives a quick reload (issue 34, "Nothing lost, ever")', () => {
  const pageErrors = failOnPageErrors();
  let server: RunningServer;
  let browser: Browser;
  let photo: string;

  beforeAll(async () => {
    [server, browser, photo] = await Promise.all([startBuiltServer(), pageErrors.launch(), phonePhoto().then((bytes) => bytes.toString('base64'))]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A saved article open in the editor, as an editor returning to it finds it. */
  async function savedArticle(title: string): Promise<{ context: BrowserContext; page: Page; problems: string[]; id: number }> {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'pt-BR' });
    const answer = await context.request.post(`${server.url}/api/sessao`, { data: { key: TEST_EDITOR_KEY }, headers: { origin: server.url } });
    expect(answer.status()).toBe(200);
    const page = await context.newPage();
    const problems = trackProblems(page);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${server.url}/novo-artigo`);
    await page.waitForSelector(EDITOR);
    await page.locator('#artigo-titulo').fill(title);
    await typeInEditor(page, 'Primeiro parágrafo.');
    await page.getByRole('button', { name: 'Salvar rascunho' }).click();
    await page.getByText('Rascunho salvo.').waitFor();
    const id = Number(/\/editor\/artigos\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    return { context, page, problems, id };
  }

  /** A photo of several MB on the clipboard, pasted at the end of the text (a new paragraph). */
  async function pastePhoto(page: Page, name: string): Promise<void> {
    await typeInEditor(page, '');
    await page.keyboard.press('Enter');
    await page.locator(EDITOR).evaluate(
      (surface, { name, base64 }) => {
        const data = new DataTransfer();
        data.items.add(new File([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], name, { type: 'image/jpeg' }));
        surface.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      },
      { name, base64: photo },
    );
  }

  const serverContent = async (context: BrowserContext, id: number) => {
    const stored = await context.request.get(`${server.url}/api/artigos/${id}`);
    return ((await stored.json()) as { value: { conteudo: string } }).value.conteudo;
  };

  /** Reloads the way an editor does: the page asks first (accepted) and the new page's text is in place. */
  async function reload(page: Page): Promise<void> {
    await page.reload();
    await page.waitForSelector(EDITOR);
  }

  it('reloaded while the photo is still on its way up: restored, the photo goes up again and lands in the text and on the server', async () => {
    const { context, page, problems, id } = await savedArticle('Foto recarregada no envio');
    // The first upload never answers before the reload: a slow connection with a phone photo.
    let held: Route | null = null;
    await page.route(UPLOAD, (route) => {
      if (held === null) held = route;
      else void route.continue();
    });
    await pastePhoto(page, 'consultorio.jpg');
    await expect.poll(() => held !== null).toBe(true);
    await page.keyboard.type('Legenda digitada.');
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key) ?? '', `prontivo:rascunho-artigo-${id}:v1`)).toContain('Legenda digitada.');

    await reload(page);
    await page.getByText('Rascunho restaurado.').waitFor();
    await expect.poll(() => contentHtml(page), { timeout: 60_000 }).toMatch(new RegExp(`<img src="/assets/artigos/${id}/consultorio[^"]*\\.jpg"`));
    expect(await contentHtml(page)).toContain('Legenda digitada.');
    // The autosave that follows keeps the photo on the server.
    await expect.poll(() => serverContent(context, id), { timeout: 30_000 }).toMatch(new RegExp(`/assets/artigos/${id}/consultorio[^"]*\\.jpg`));
    expect(await serverContent(context, id)).toContain('Legenda digitada.');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reloaded after the photo is stored but before the autosave: the browser copy keeps it and so does the next save', async () => {
    const { context, page, problems, id } = await savedArticle('Foto recarregada antes do salvamento');
    await pastePhoto(page, 'recepcao.jpg');
    await page.getByText('Arquivo carregado: recepcao.jpg').waitFor({ timeout: 60_000 });
    await page.keyboard.type('Texto depois da foto.');
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key) ?? '', `prontivo:rascunho-artigo-${id}:v1`)).toContain('Texto depois da foto.');

    await reload(page);
    await page.getByText('Rascunho restaurado.').waitFor();
    const restored = await contentHtml(page);
    expect(restored).toMatch(new RegExp(`<img src="/assets/artigos/${id}/recepcao[^"]*\\.jpg"`));
    expect(restored).toContain('Texto depois da foto.');
    await typeInEditor(page, ' Mais.');
    await expect.poll(() => serverContent(context, id), { timeout: 30_000 }).toContain('Mais.');
    expect(await serverContent(context, id)).toMatch(new RegExp(`/assets/artigos/${id}/recepcao[^"]*\\.jpg`));
    expect(problems).toEqual([]);
    await context.close();
  });
});
