import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hasBrowser, launchBrowser, trackProblems, VIEWPORTS } from './support/browser.js';
import { EDITOR, typeInEditor } from './support/editor-page.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

/** Issue 34, "the review steps say what happens": the form's words match what the site will do. */
describe.runIf(hasBrowser)('os passos de publicação dizem o que acontece', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('"Antes de publicar" never says it may be published while a required field is empty', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'pt-BR' });
    expect((await context.request.post(`${server.url}/api/sessao`, { data: { key: TEST_EDITOR_KEY }, headers: { origin: server.url } })).status()).toBe(200);
    const page = await context.newPage();
    const problems = trackProblems(page);
    await page.goto(`${server.url}/novo-artigo`);
    await page.waitForSelector(EDITOR);
    const summary = page.locator('.pre-publish-summary');

    await page.locator('#artigo-titulo').fill('Agenda do consultório sem faltas');
    await summary.getByText('Ainda não pode ser publicado: falta preencher a descrição e o texto', { exact: false }).waitFor();
    expect(await page.locator('li[data-regra="campos-obrigatorios"]').getAttribute('class')).toBe('pre-publish-bloqueio');

    await page.locator('#artigo-descricao').fill('Como lembrar os pacientes da consulta e reduzir as faltas na agenda do consultório médico.');
    await summary.getByText('Ainda não pode ser publicado: falta preencher o texto', { exact: false }).waitFor();
    expect(await summary.textContent()).not.toContain('Pode ser publicado');

    await typeInEditor(page, 'Uma mensagem na véspera reduz as faltas.');
    await page.waitForFunction(() => !document.querySelector('.pre-publish-summary')?.textContent?.startsWith('Ainda não'));
    expect(await summary.textContent()).toMatch(/^(Pode ser publicado, com \d+ avisos? para conferir\.|Tudo certo para publicar\.)$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the sign-in page: e-mail and password first, then the passkey, the server key only behind "Sou o administrador do servidor"', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.mobile, locale: 'pt-BR' });
    const page = await context.newPage();
    const problems = trackProblems(page);
    await page.goto(`${server.url}/editor/entrar`);
    const email = page.getByLabel('E-mail', { exact: true });
    const key = page.getByLabel('Chave de editor', { exact: true });
    expect(await email.isVisible()).toBe(true);
    expect(await page.getByLabel('Senha', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Entrar com chave de acesso (passkey)' }).waitFor();
    expect(await key.isVisible()).toBe(false);
    const top = async (locator: typeof email) => (await locator.boundingBox())!.y;
    const passkey = page.getByRole('button', { name: 'Entrar com chave de acesso (passkey)' });
    expect(await top(email)).toBeLessThan(await top(passkey));
    await page.getByText('Sou o administrador do servidor', { exact: true }).click();
    expect(await key.isVisible()).toBe(true);
    expect(await top(passkey)).toBeLessThan(await top(key));
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
