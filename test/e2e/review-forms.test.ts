import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextReviewDay } from '../../src/workflow/review-schedule.js';
import { axeViolations, hasBrowser, launchBrowser, trackProblems, VIEWPORTS, type ViewportName } from './support/browser.js';
import { checkAreaPage, createArticleViaApi, signInThroughForm } from './support/editor-area.js';
import { EDITOR } from './support/editor-page.js';
import { inviteMember, signedIn } from './support/review-team.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

const CORRECTION = 'A dose citada era 50 mg, não 500 mg.';

/**
 * The review's form controls (issue 33), which were API-only: the revisor picks how many months the
 * approval holds, an administrator sets the due day, an editor records a correction that readers see.
 */
describe.runIf(hasBrowser)('revisão e correções pelo formulário no Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let id: number;
  const json = { 'content-type': 'application/json' };
  const asAdmin = { ...json, authorization: `Bearer ${TEST_EDITOR_KEY}` };

  const dueDay = async () => ((await (await fetch(`${server.url}/api/artigos/${id}`, { headers: asAdmin })).json()) as { value: { proxima_revisao: string | null } }).value.proxima_revisao;

  beforeAll(async () => {
    server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' });
    browser = await launchBrowser();
    await inviteMember(server, 'João Lima', 'joao@clinica.com.br', 'revisor');
    await inviteMember(server, 'Edu Rocha', 'edu@clinica.com.br', 'editor');
    id = await createArticleViaApi(server.url, TEST_EDITOR_KEY, 'Hipertensão: a dose do remédio', { status: 'rascunho', clinico: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the revisor approves for 24 months: the API says approval day + 24 months', async () => {
    const reviewer = await signedIn(browser, server, 'joao@clinica.com.br');
    const page = await reviewer.newPage();
    const problems = trackProblems(page);
    await page.goto(`${server.url}/editor/conta`);
    await page.getByLabel('Tratamento').selectOption('Dr.');
    await page.getByLabel('Profissão').fill('MÉDICO');
    await page.getByLabel('Conselho').selectOption('CRM');
    await page.getByLabel('Número').fill('654321');
    await page.getByLabel('UF').selectOption('SP');
    await page.getByRole('button', { name: 'Salvar perfil' }).click();
    await page.getByText('Perfil público salvo.').waitFor();
    await page.goto(`${server.url}/editor/artigos/${id}`);
    await page.waitForSelector(EDITOR);
    await page.getByRole('button', { name: 'Aprovar revisão médica' }).click();
    const dialog = page.getByRole('dialog');
    // The configured span is chosen at first.
    expect(await dialog.getByLabel('Próxima revisão em').inputValue()).toBe('12');
    await dialog.getByLabel('Próxima revisão em').selectOption('24');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Aprovar', exact: true }).click();
    await page.getByText('Revisão médica aprovada.').waitFor();
    const expected = nextReviewDay(new Date(), 24);
    expect(await dueDay()).toBe(expected);
    await page.getByText(`Próxima revisão até ${expected.split('-').reverse().join('/')}.`, { exact: true }).waitFor();
    // Only administrators move the due day by hand.
    expect(await page.getByLabel('Próxima revisão até (administradores)').count()).toBe(0);
    expect(problems).toEqual([]);
    await reviewer.close();
  });

  it('an administrator sets the due day from the form', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'pt-BR' });
    const page = await context.newPage();
    const problems = trackProblems(page);
    await page.goto(`${server.url}/editor/entrar`);
    await signInThroughForm(page, TEST_EDITOR_KEY);
    await page.goto(`${server.url}/editor/artigos/${id}`);
    await page.waitForSelector(EDITOR);
    const field = page.getByLabel('Próxima revisão até (administradores)');
    await expect.poll(() => field.inputValue()).toBe(nextReviewDay(new Date(), 24));
    await field.fill('2030-05-31');
    await page.getByRole('button', { name: 'Salvar data da revisão' }).click();
    await page.getByText('Revisão marcada para até 31/05/2030.', { exact: true }).waitFor();
    expect(await dueDay()).toBe('2030-05-31');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('an editor records a correction on the published article; the public page shows it under "Correções"', async () => {
    const published = await fetch(`${server.url}/api/artigos/${id}/status`, { method: 'POST', headers: asAdmin, body: JSON.stringify({ status: 'publicado' }) });
    expect(published.status).toBe(200);
    const editor = await signedIn(browser, server, 'edu@clinica.com.br');
    const page = await editor.newPage();
    const problems = trackProblems(page);
    await page.goto(`${server.url}/editor/artigos/${id}`);
    await page.waitForSelector(EDITOR);
    const panel = page.getByRole('region', { name: 'Correções' });
    await panel.getByText('Nenhuma correção registrada.').waitFor();
    await panel.getByLabel('Registrar correção').fill(CORRECTION);
    await panel.getByRole('button', { name: 'Registrar correção' }).click();
    await panel.getByText('Correção registrada: já aparece no artigo.').waitFor();
    expect(await panel.locator('.corrections-list li').allTextContents()).toEqual([expect.stringContaining(CORRECTION)]);
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await checkAreaPage(page, 'correcoes-formulario', viewport);
    }
    expect(problems).toEqual([]);
    await editor.close();

    const articleUrl = (await fetch(`${server.url}/noticias/${id}`, { redirect: 'manual' })).headers.get('location')!;
    const reader = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await reader.goto(new URL(articleUrl, server.url).toString());
    const section = reader.locator('section', { has: reader.getByRole('heading', { name: 'Correções' }) });
    expect(await section.textContent()).toContain(CORRECTION);
    await reader.close();
  });
});
