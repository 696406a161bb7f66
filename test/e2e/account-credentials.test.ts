import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launchBrowser, trackProblems, VIEWPORTS, type ViewportName } from './support/browser.js';
import { checkAreaPage } from './support/editor-area.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

const PASSWORD = 'jabuticaba azul no telhado';

/** The account page's API keys and sessions, as a person uses them in Chromium at both widths. */
describe.runIf(hasBrowser)('chaves de API e sessões na conta, no Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A person invited and with a password, through the API: the page under test is the account page. */
  async function person(email: string): Promise<void> {
    const invited = await fetch(`${server.url}/api/pessoas/convites`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_EDITOR_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nome: 'Olga Teixeira', email, papel: 'autor' }),
    });
    const { convite_url } = ((await invited.json()) as { value: { convite_url: string } }).value;
    const token = new URL(convite_url).pathname.split('/').at(-1)!;
    await fetch(`${server.url}/api/pessoas/convites/${token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ senha: PASSWORD }) });
  }

  it.each(Object.keys(VIEWPORTS) as ViewportName[])('creates a key, copies it once, revokes it, and ends another session (%s)', async (viewport) => {
    const email = `olga.${viewport}@clinica.com.br`;
    await person(email);
    const elsewhere = await fetch(`${server.url}/api/sessao`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Mobile Safari/537.36' },
      body: JSON.stringify({ email, senha: PASSWORD }),
    });
    const otherCookie = elsewhere.headers.get('set-cookie')!.split(';')[0]!;

    const context = await browser.newContext({ viewport: VIEWPORTS[viewport], locale: 'pt-BR' });
    const page = await context.newPage();
    const problems = trackProblems(page);
    await page.goto(`${server.url}/editor/entrar`);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL(`${server.url}/editor`);
    await page.goto(`${server.url}/editor/conta`);

    // "Confirme que é você": a wrong password makes no key, and says so beside the form.
    const keys = page.getByRole('region', { name: 'Chaves de API pessoais' });
    await page.getByLabel('Nome da nova chave').fill('Integração da agenda');
    await keys.getByLabel('Confirme que é você: sua senha atual').fill('não é a senha dela');
    await page.getByRole('button', { name: 'Criar chave de API' }).click();
    await keys.getByText('Confirme que é você: a senha atual não confere, e nada foi alterado.').waitFor();
    expect(await keys.getByText('Nenhuma chave de API criada.').count()).toBe(1);
    await page.getByLabel('Nome da nova chave').fill('Integração da agenda');
    await keys.getByLabel('Confirme que é você: sua senha atual').fill(PASSWORD);
    await page.getByRole('button', { name: 'Criar chave de API' }).click();
    const key = await page.getByLabel('Chave', { exact: true }).inputValue();
    expect(key).toMatch(/^prv_/);
    await checkAreaPage(page, 'conta-chave-nova', viewport);
    const used = await fetch(`${server.url}/api/artigos/lista`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: '{"pageIndex":1,"pageSize":1}' });
    expect(used.status).toBe(200);

    await page.goto(`${server.url}/editor/conta`);
    expect(await page.getByText(key).count()).toBe(0);
    const sessions = page.getByRole('region', { name: 'Sessões abertas' });
    expect(await sessions.getByText('Esta sessão').count()).toBe(1);
    expect(await sessions.getByText('Chrome no Android').count()).toBe(1);
    await checkAreaPage(page, 'conta-chaves-sessoes', viewport);

    await page.getByRole('button', { name: 'Encerrar a sessão de Chrome no Android' }).click();
    await page.getByText('Sessão encerrada').waitFor();
    expect((await fetch(`${server.url}/api/sessao`, { headers: { cookie: otherCookie } })).status).toBe(401);

    await page.getByRole('button', { name: 'Revogar a chave de API Integração da agenda' }).click();
    await page.getByText('Chave de API revogada').waitFor();
    const refused = await fetch(`${server.url}/api/artigos/lista`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: '{"pageIndex":1,"pageSize":1}' });
    expect(refused.status).toBe(403);
    // The wrong password's page is answered 403, which the browser reports: that one was asked for.
    expect(problems.filter((problem) => !problem.includes('status of 403'))).toEqual([]);
    await context.close();
  });
});
