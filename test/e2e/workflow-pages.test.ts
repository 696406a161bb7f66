import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleBody } from '../support/articles-api.js';
import { validateHtml } from '../support/vnu.js';
import { axeViolations, launchBrowser, saveScreenshot, VIEWPORTS, type ViewportName } from './support/browser.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

/** The pages the workflow server renders: the editor's preview and the 410 of a withdrawn article. */
describe('páginas do fluxo editorial no Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let cookie: string;
  let previewUrl = '';
  let goneUrl = '';

  const api = async (path: string, body: unknown, method = 'POST') => {
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${TEST_EDITOR_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { value: unknown }).value;
  };

  beforeAll(async () => {
    server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' });
    browser = await launchBrowser();
    const signIn = await fetch(`${server.url}/api/sessao`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: TEST_EDITOR_KEY }),
    });
    cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const { key: _key, ...fields } = articleBody({
      titulo: 'Teleconsulta: o que muda na rotina do consultório',
      titulo_url: 'teleconsulta-rotina',
      descricao: 'Um rascunho longo, com seções e listas, para revisar antes de publicar.',
      conteudo: `<h2>Antes da consulta</h2><p>${'Confirme o horário com o paciente e envie o link. '.repeat(12)}</p>
        <ul><li>Termo de consentimento</li><li>Documentos do paciente</li></ul>
        <h2>Durante a consulta</h2><p>${'Registre a anamnese no prontuário enquanto conversa. '.repeat(10)}</p>`,
      status: 'rascunho',
    });
    const draft = (await api('/artigos/novo', fields)) as number;
    previewUrl = `${server.url}/editor/previa/${draft}`;
    const live = (await api('/artigos/novo', articleBody({ key: undefined, titulo: 'Notícia que sai do ar', titulo_url: 'sai-do-ar' }))) as number;
    const short = await fetch(`${server.url}/noticias/${live}`, { redirect: 'manual' });
    goneUrl = new URL(short.headers.get('location')!, server.url).toString();
    await api(`/artigos/${live}/status`, { status: 'despublicado' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function visit(url: string, viewport: ViewportName, name: string) {
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport], locale: 'pt-BR' });
    const [name_, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name: name_, value, url: server.url }]);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    const response = await page.goto(url, { waitUntil: 'load' });
    await saveScreenshot(page, `fluxo-${name}-${viewport}`);
    const result = { status: response?.status(), problems, violations: await axeViolations(page), page };
    return { ...result, close: () => context.close() };
  }

  for (const viewport of ['mobile', 'desktop'] as ViewportName[]) {
    it(`shows the preview banner above the draft, without axe violations (${viewport})`, async () => {
      const visit_ = await visit(previewUrl, viewport, 'previa');
      try {
        expect(visit_.status).toBe(200);
        expect(await visit_.page.locator('.preview-banner strong').textContent()).toBe('Prévia — não publicada');
        expect(await visit_.page.locator('h1').textContent()).toBe('Teleconsulta: o que muda na rotina do consultório');
        const overflow = await visit_.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        expect(visit_.violations).toEqual([]);
        expect(visit_.problems).toEqual([]);
      } finally {
        await visit_.close();
      }
    });

    it(`says in Portuguese that a withdrawn article is gone (${viewport})`, async () => {
      const visit_ = await visit(goneUrl, viewport, 'retirada');
      try {
        expect(visit_.status).toBe(410);
        expect(await visit_.page.locator('h1').textContent()).toBe('Esta notícia foi retirada do ar.');
        expect(visit_.violations).toEqual([]);
        // Chromium reports the document's own 410 on the console; nothing else may fail.
        expect(visit_.problems.filter((problem) => !/status of 410/.test(problem))).toEqual([]);
      } finally {
        await visit_.close();
      }
    });
  }

  it('passes the W3C checker', async () => {
    const [preview, gone] = await Promise.all([fetch(previewUrl, { headers: { cookie } }), fetch(goneUrl)]);
    expect(await validateHtml({ previa: await preview.text(), retirada: await gone.text() })).toEqual({ previa: [], retirada: [] });
  });
});
