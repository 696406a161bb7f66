import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations, saveScreenshot, type ViewportName } from './browser.js';

/** Helpers for the editor area (/editor/...) in Chromium. */

export async function signInThroughForm(page: Page, key: string): Promise<void> {
  // The server's key sits behind "Sou o administrador do servidor" (issue 34), open after a refusal.
  const door = page.locator('details.area-admin-key');
  if ((await door.getAttribute('open')) === null) await door.locator('summary').click();
  await page.getByLabel('Chave de editor', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Entrar com a chave', exact: true }).click();
  await page.waitForLoadState('load');
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sair' }).click();
  await page.waitForURL(/\/editor\/entrar\?saiu$/);
}

/** Axe finds nothing, nothing scrolls sideways, and a full-page screenshot is kept for a person to look at. */
export async function checkAreaPage(page: Page, name: string, viewport: ViewportName): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  await saveScreenshot(page, `${name}-${viewport}`);
}

/** Scripts the page loaded from files: none on the plain area pages, the editor bundle on the form pages. */
export function loadedScripts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => /\.(js|tsx?)(\?|$)/.test(name)),
  );
}

export async function createArticleViaApi(baseUrl: string, key: string, titulo: string, extra: Record<string, unknown> = {}): Promise<number> {
  const slug = titulo
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const response = await fetch(`${baseUrl}/api/artigos/novo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      key,
      titulo,
      titulo_url: slug,
      descricao: `Resumo de ${titulo}.`,
      keywords: 'prontuário, consultório',
      conteudo: `<h2>${titulo}</h2><p>O prontuário eletrônico organiza a rotina do consultório e a segurança dos dados.</p>`,
      ...extra,
    }),
  });
  const body = (await response.json()) as { status: number; value: number; messages: string[] };
  if (body.status !== 1) throw new Error(`criação recusada: ${body.messages.join(' ')}`);
  return body.value;
}
