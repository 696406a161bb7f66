import type { Browser, Page } from 'playwright-core';
import { openPage, type TrackedPage, type ViewportName } from './browser.js';

/** Helpers for driving /novo-artigo in Chromium. */

export const EDITOR = '.public-DraftEditor-content';

export async function openEditor(browser: Browser, baseUrl: string, viewport: ViewportName = 'desktop'): Promise<TrackedPage> {
  const tracked = await openPage(browser, `${baseUrl}/novo-artigo`, viewport);
  await tracked.page.waitForSelector(EDITOR);
  return tracked;
}

/** The editor's HTML as the HTML switch shows it, without the formatter's line breaks. */
export async function contentHtml(page: Page): Promise<string> {
  await showSource(page);
  const source = await page.locator('#conteudo-html').inputValue();
  await hideSource(page);
  return withoutLineBreaks(source);
}

/** The formatter's line breaks out; a code block's own lines go too, so compare an expectation through this as well. */
export function withoutLineBreaks(html: string): string {
  return html
    .replace(/\s*\n\s*(?=<\/)/g, '')
    .replace(/>\s*\n\s*</g, '><')
    .replace(/\s*\n\s*/g, ' ');
}

/**
 * Turns the HTML switch on and waits for the source. A click can land while the lazily loaded editor
 * is still settling and change nothing (a CI run waited 30 s for the source once): the switch is
 * clicked again only while it still says off.
 */
async function showSource(page: Page): Promise<void> {
  const toggle = page.getByRole('switch', { name: 'HTML' });
  for (let attempt = 1; ; attempt += 1) {
    if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
    try {
      await page.locator('#conteudo-html').waitFor({ timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * Turns the HTML switch off and lets the animation frame in which the editor takes the focus back run:
 * a key pressed before it goes to the switch (a CI run lost a Shift+Home that way). Frames run in the
 * order they were asked for, so one asked for after the click runs after the editor's.
 */
async function hideSource(page: Page): Promise<void> {
  await page.getByRole('switch', { name: 'HTML' }).click();
  await page.waitForSelector(EDITOR);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

/** Replaces the whole content through the HTML switch, then puts the caret at the end. */
export async function setContent(page: Page, html: string): Promise<void> {
  await showSource(page);
  await page.locator('#conteudo-html').fill(html);
  await hideSource(page);
  await page.locator(EDITOR).click();
  await page.keyboard.press('Control+End');
}

export async function typeInEditor(page: Page, text: string): Promise<void> {
  await page.locator(EDITOR).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

/** A real paste event, with the clipboard data a browser would hand to the page. */
export async function paste(page: Page, data: { html?: string; text: string }): Promise<void> {
  await page.locator(EDITOR).evaluate((element, clipboard) => {
    const transfer = new DataTransfer();
    if (clipboard.html) transfer.setData('text/html', clipboard.html);
    transfer.setData('text/plain', clipboard.text);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, data);
}

/** Selects the current line of the editor (the caret must be at its end). */
export async function selectLine(page: Page): Promise<void> {
  await page.keyboard.press('Shift+Home');
}

/** "Salvar" (the same on /novo-artigo and /editor/artigos/{id}), then the confirmation dialog's "Publicar". */
export async function publish(page: Page, button = 'Salvar'): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publicar', exact: true }).click();
}

export function toolbarButton(page: Page, label: string) {
  return page.getByRole('toolbar', { name: 'Formatação do conteúdo' }).getByRole('button', { name: label, exact: true });
}

/** A 1x1 PNG: the server sniffs uploads, so the bytes must be a real image. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
