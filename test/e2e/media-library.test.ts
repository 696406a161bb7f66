import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launchBrowser, openPage, VIEWPORTS, type ViewportName } from './support/browser.js';
import { checkAreaPage, createArticleViaApi, signInThroughForm } from './support/editor-area.js';
import { EDITOR, toolbarButton } from './support/editor-page.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

/** A face-like subject near the top right corner (head centred at 1400, 150 of 1600 × 1200): see test/fixtures/uploads/README.md. */
const FACE = readFileSync(new URL('../fixtures/uploads/rosto-no-canto.jpg', import.meta.url));

/** How many pixels are as dark as the face's eyes (#222); nothing else in the photo is. */
async function eyePixels(jpeg: Buffer): Promise<number> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let at = 0; at < data.length; at += info.channels) if (data[at]! < 70 && data[at + 1]! < 70 && data[at + 2]! < 70) count += 1;
  return count;
}

describe.runIf(hasBrowser)('biblioteca de imagens no Chromium (issue 34)', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: number;
  let inText: number;
  let asMain: number;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startBuiltServer(), launchBrowser()]);
    owner = await createArticleViaApi(server.url, TEST_EDITOR_KEY, 'Rascunho onde a foto foi enviada', { status: 'rascunho' });
    inText = await createArticleViaApi(server.url, TEST_EDITOR_KEY, 'Artigo com a foto no texto', { status: 'rascunho' });
    asMain = await createArticleViaApi(server.url, TEST_EDITOR_KEY, 'Artigo com a foto como principal', { status: 'rascunho' });
    const form = new FormData();
    form.set('key', TEST_EDITOR_KEY);
    form.set('id_artigo', String(owner));
    form.set('file', new Blob([FACE], { type: 'image/jpeg' }), 'rosto.jpg');
    const uploaded = (await (await fetch(`${server.url}/api/artigos/upload-imagem`, { method: 'POST', body: form })).json()) as { status: number };
    expect(uploaded.status).toBe(1);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const saveDraft = async (page: Page) => {
    await page.getByRole('button', { name: 'Salvar rascunho', exact: true }).click();
    await expect.poll(() => page.getByText('Rascunho salvo.').count()).toBeGreaterThan(0);
  };

  it('inserts one stored image into two articles (text and main image), sets its focal point by a click, and the 1200 × 630 share image keeps the face', async () => {
    const { page, problems } = await openPage(browser, `${server.url}/editor/entrar`, 'desktop');
    try {
      await signInThroughForm(page, TEST_EDITOR_KEY);

      // From the editor's image button: the dialog's "Da biblioteca" list.
      await page.goto(`${server.url}/editor/artigos/${inText}`);
      await page.waitForSelector(EDITOR);
      await page.locator(EDITOR).click();
      await page.keyboard.press('Control+End');
      await toolbarButton(page, 'Imagem').click();
      const dialog = page.getByRole('dialog', { name: 'Inserir imagem' });
      await dialog.getByRole('button', { name: /^Usar rosto\.jpg/ }).click();
      await expect.poll(() => dialog.getByLabel('Endereço da imagem (URL)').inputValue()).toBe(`/assets/artigos/${inText}/rosto.jpg`);
      await dialog.getByLabel('Texto alternativo').fill('Rosto de paciente');
      await dialog.getByRole('button', { name: 'Inserir', exact: true }).click();
      await expect.poll(() => page.locator(`${EDITOR} img[src="/assets/artigos/${inText}/rosto.jpg"]`).count()).toBe(1);
      await saveDraft(page);

      // From the main image's fields.
      await page.goto(`${server.url}/editor/artigos/${asMain}`);
      await page.waitForSelector(EDITOR);
      await page.getByRole('button', { name: 'Escolher da biblioteca' }).click();
      const mainDialog = page.getByRole('dialog', { name: 'Imagem principal da biblioteca' });
      await mainDialog.getByRole('button', { name: /^Usar rosto\.jpg/ }).click();
      await expect.poll(() => mainDialog.getByRole('status').textContent()).toContain('agora faz parte deste artigo');
      await mainDialog.getByRole('button', { name: 'Usar como imagem principal' }).click();
      await expect.poll(() => page.getByLabel('Nome', { exact: true }).inputValue()).toBe('rosto.jpg');
      await page.getByLabel('Legenda').fill('Paciente em consulta');
      await saveDraft(page);
      const published = await page.request.post(`${server.url}/api/artigos/${asMain}/status`, { data: { status: 'publicado' }, headers: { origin: server.url } });
      expect(published.status()).toBe(200);

      // The library: one stored image, used by both articles; deleting it is refused with their names.
      await page.goto(`${server.url}/editor/imagens`);
      const item = page.locator('.media-item', { hasText: 'rosto.jpg' });
      expect(await page.locator('.media-item').count()).toBe(1);
      expect(await item.getByText('2 artigos').isVisible()).toBe(true);
      await item.getByRole('button', { name: 'Apagar rosto.jpg' }).click();
      const alert = page.getByRole('alert');
      await expect.poll(() => alert.textContent()).toContain('Artigo com a foto no texto');
      expect(await alert.textContent()).toContain('Artigo com a foto como principal');

      // Centred, the share image cuts the face off: no eye in it.
      const shareUrl = async () => {
        const html = await (await page.request.get(`${server.url}/noticias/${asMain}`)).text();
        return `${server.url}${new URL(/<meta property="og:image" content="([^"]+)"/.exec(html)![1]!).pathname}`;
      };
      const before = await shareUrl();
      expect(await eyePixels(await (await page.request.get(before)).body())).toBe(0);

      // A click on the face (x 87.5 %, y 12.5 % of the 320 px picture) sets the focal point.
      const picture = page.locator('.media-item input[type="image"]');
      const box = (await picture.boundingBox())!;
      expect(Math.round(box.width)).toBe(320);
      await picture.click({ position: { x: 0.875 * box.width, y: 0.125 * box.height } });
      await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Ponto focal salvo');
      expect(Number(await page.getByLabel('Horizontal (% da esquerda)').inputValue())).toBeCloseTo(87.5, 0);
      expect(Number(await page.getByLabel('Vertical (% do topo)').inputValue())).toBeCloseTo(12.5, 0);

      const after = await shareUrl();
      expect(after).not.toBe(before);
      const share = await (await page.request.get(after)).body();
      expect(await sharp(share).metadata()).toMatchObject({ width: 1200, height: 630 });
      // Both eyes (two discs of about 10 px radius at this scale) are in the frame.
      expect(await eyePixels(share)).toBeGreaterThan(600);
      // The refused deletion answers 409 on purpose (the page with the list); the browser logs that status, nothing else may appear.
      expect(problems).toEqual(['console: Failed to load resource: the server responded with a status of 409 (Conflict)']);
    } finally {
      await page.context().close();
    }
  });

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`/editor/imagens at ${VIEWPORTS[viewport].width} px: axe finds nothing, nothing scrolls sideways`, async () => {
      const { page, problems } = await openPage(browser, `${server.url}/editor/entrar`, viewport);
      try {
        await signInThroughForm(page, TEST_EDITOR_KEY);
        await page.goto(`${server.url}/editor/imagens?q=rosto`);
        await expect.poll(() => page.locator('h1').textContent()).toBe('Imagens');
        expect(await page.locator('.media-item').count()).toBe(1);
        await checkAreaPage(page, 'imagens', viewport);
        expect(problems).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  }
});
