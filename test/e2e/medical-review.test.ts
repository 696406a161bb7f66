import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hasBrowser, launchBrowser, openPage, saveScreenshot, trackProblems, VIEWPORTS, type ViewportName } from './support/browser.js';
import { checkAreaPage } from './support/editor-area.js';
import { EDITOR, publish, typeInEditor } from './support/editor-page.js';
import { fillReviewerCrm, inviteMember, signedIn } from './support/review-team.js';
import { startBuiltServer, type RunningServer } from './support/server.js';

const REVIEWER_LINE = 'Dr. João Lima — MÉDICO — CRM/SP 654321 — Clínica Médica — RQE nº 1111';
const DISCLAIMER = 'Este conteúdo é informativo e não substitui a consulta com um profissional de saúde.';

/**
 * Issue 18 end to end: a colaborador writes a clinical article with its references, a revisor with a
 * CRM approves it, an editor publishes it; the page shows the review box, the references and the
 * disclaimer at both widths, with nothing for axe to find.
 */
describe.runIf(hasBrowser)('revisão médica no Chromium: colaborador escreve, revisor aprova, editor publica', () => {
  let server: RunningServer;
  let browser: Browser;
  let id: number;
  let articleUrl: string;

  beforeAll(async () => {
    server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' });
    browser = await launchBrowser();
    await inviteMember(server, 'Carla Dias', 'carla@clinica.com.br', 'colaborador');
    await inviteMember(server, 'João Lima', 'joao@clinica.com.br', 'revisor');
    await inviteMember(server, 'Edu Rocha', 'edu@clinica.com.br', 'editor');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the colaborador writes a clinical draft with references; publishing it is not offered to her', async () => {
    const context = await signedIn(browser, server, 'carla@clinica.com.br');
    const page = await context.newPage();
    const problems = trackProblems(page);
    await page.goto(`${server.url}/novo-artigo`);
    await page.waitForSelector(EDITOR);
    await page.locator('#artigo-titulo').fill('Hipertensão: como medir a pressão em casa');
    await page.locator('#artigo-descricao').fill('Como orientar o paciente a medir a pressão arterial em casa, com o aparelho certo e nos horários certos.');
    await typeInEditor(page, 'Meça a pressão sentado, depois de cinco minutos de repouso, duas vezes de manhã e duas à noite.');
    await page.getByLabel('Conteúdo clínico (precisa de revisão médica antes de ser publicado)').check();
    await page.getByRole('button', { name: 'Adicionar referência' }).click();
    await page.getByLabel('Referência 1: texto').fill('Diretrizes Brasileiras de Hipertensão Arterial – 2020');
    await page.getByLabel('Referência 1: endereço (opcional, http ou https)').fill('https://abc.cardiol.br/diretrizes-hipertensao-2020');
    // "Antes de publicar" follows the typing: the search result, the missing review that blocks, then a forbidden word.
    const panel = page.locator('.pre-publish');
    const summary = panel.locator('[aria-live="polite"]');
    await panel.getByText('Ainda não pode ser publicado: falta a revisão médica.', { exact: true }).waitFor();
    expect(await panel.locator('.search-preview-title').textContent()).toBe('Hipertensão: como medir a pressão em casa');
    expect(await panel.locator('li[data-regra="revisao-medica"]').getAttribute('class')).toBe('pre-publish-bloqueio');
    expect(await panel.locator('li[data-regra="referencias"]').getAttribute('class')).toBe('pre-publish-ok');
    // Only the summary is announced, not every check as it changes.
    expect(await page.locator('[aria-live] li[data-regra], li[data-regra][aria-live]').count()).toBe(0);
    await typeInEditor(page, ' O resultado é garantido.');
    await panel.locator('li[data-regra="termos-promocionais"].pre-publish-aviso').getByText('“garantido”').waitFor();
    expect(await summary.textContent()).toBe('Ainda não pode ser publicado: falta a revisão médica, e há 1 aviso.');
    await page.locator('#artigo-titulo').fill('Hipertensão arterial em casa: como medir a pressão, com que aparelho, em que horários e como anotar');
    await panel.locator('li[data-regra="titulo-na-busca"].pre-publish-aviso').waitFor();
    expect(await panel.locator('.search-preview-title').textContent()).toMatch(/^Hipertensão arterial em casa: como medir a pressão, .* …$/);
    await page.locator('#artigo-titulo').fill('Hipertensão: como medir a pressão em casa');
    await panel.locator('li[data-regra="titulo-na-busca"].pre-publish-ok').waitFor();
    await page.getByRole('button', { name: 'Salvar rascunho' }).click();
    await page.getByText('Rascunho salvo.').waitFor();
    id = Number(/\/editor\/artigos\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    expect(id).toBeGreaterThan(0);
    expect(await page.locator('.medical-review-state').textContent()).toBe('Aguardando revisão médica');
    expect(await page.getByRole('button', { name: 'Aprovar revisão médica' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'revisao-medica-colaboradora-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await saveScreenshot(page, 'revisao-medica-colaboradora-mobile');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the revisor fills in his CRM and approves; the editor publishes', async () => {
    const reviewer = await signedIn(browser, server, 'joao@clinica.com.br');
    const page = await reviewer.newPage();
    const problems = trackProblems(page);
    await fillReviewerCrm(page, server, { nome: 'Clínica Médica', rqe: '1111' });
    await page.goto(`${server.url}/editor/artigos/${id}`);
    await page.waitForSelector(EDITOR);
    await page.getByRole('button', { name: 'Aprovar revisão médica' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aprovar', exact: true }).click();
    await page.getByText('Revisão médica aprovada.').waitFor();
    await page.locator('.pre-publish li[data-regra="revisao-medica"].pre-publish-ok').waitFor();
    expect(await page.locator('.medical-review-state').textContent()).toMatch(/^Revisado por Dr\. João Lima em /);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'revisao-medica-revisor-desktop');
    expect(problems).toEqual([]);
    await reviewer.close();

    const editor = await signedIn(browser, server, 'edu@clinica.com.br');
    const editorPage = await editor.newPage();
    await editorPage.goto(`${server.url}/editor/artigos/${id}`);
    await editorPage.waitForSelector(EDITOR);
    expect(await editorPage.locator('.medical-review-state').textContent()).toMatch(/^Revisado por Dr\. João Lima em /);
    await publish(editorPage);
    await editorPage.getByText('Artigo publicado!').waitFor();
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      await editorPage.setViewportSize(VIEWPORTS[viewport]);
      await editorPage.goto(`${server.url}/editor?revisao=revisado`);
      expect(await editorPage.getByRole('link', { name: 'Hipertensão: como medir a pressão em casa', exact: true }).count()).toBe(1);
      expect(await editorPage.locator('.area-item-facts').getByText('Revisado por médico', { exact: true }).count()).toBe(1);
      await checkAreaPage(editorPage, 'lista-revisao-medica', viewport);
    }
    await editorPage.setViewportSize(VIEWPORTS.desktop);
    await editorPage.goto(`${server.url}/editor/artigos/${id}`);
    await editorPage.waitForSelector(EDITOR);
    // An edit of the published text waits for a new review; readers keep the approved one.
    await editorPage.locator('#artigo-titulo').fill('Hipertensão: a pressão em casa, passo a passo');
    await editorPage.getByRole('button', { name: 'Atualizar', exact: true }).click();
    // The dialog tells what will happen to a clinical article (issue 34), not "aparecerão imediatamente".
    expect(await editorPage.getByRole('dialog').textContent()).toContain('A alteração fica guardada e vai ao ar depois da revisão médica.');
    expect(await editorPage.getByRole('dialog').textContent()).not.toContain('imediatamente');
    await editorPage.getByRole('dialog').getByRole('button', { name: 'Atualizar', exact: true }).click();
    await editorPage.getByText('Aguardando revisão médica: o site continua mostrando a versão aprovada.').waitFor();
    await editorPage.getByText('Alteração salva. Aguardando revisão médica para ir ao ar.', { exact: true }).waitFor();
    expect(await editorPage.getByText('Artigo atualizado!').count()).toBe(0);
    await editor.close();
    articleUrl = (await fetch(`${server.url}/noticias/${id}`, { redirect: 'manual' })).headers.get('location')!;
  });

  it.each(Object.keys(VIEWPORTS) as ViewportName[])('shows the review box, the references and the disclaimer (%s)', async (viewport) => {
    const { page, problems } = await openPage(browser, new URL(articleUrl, server.url).toString(), viewport);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Hipertensão: como medir a pressão em casa');
    expect(await page.locator('.article-byline').textContent()).toBe('Por Carla Dias');
    expect(await page.locator('.article-review').textContent()).toMatch(
      new RegExp(`^Revisado por ${REVIEWER_LINE}, em \\d+ de \\p{L}+ de \\d{4} · Próxima revisão até \\d+ de \\p{L}+ de \\d{4} · Política editorial$`, 'u'),
    );
    const reference = page.getByRole('link', { name: 'Diretrizes Brasileiras de Hipertensão Arterial – 2020 (abre em nova aba)' });
    expect(await reference.getAttribute('target')).toBe('_blank');
    expect(await reference.getAttribute('rel')).toBe('noopener');
    expect(await page.locator('.article-disclaimer').textContent()).toBe(DISCLAIMER);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
    await saveScreenshot(page, `artigo-clinico-${viewport}`);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('holds unticking "conteúdo clínico" for a review, and the revisor approves it from the panel', async () => {
    const editor = await signedIn(browser, server, 'edu@clinica.com.br');
    const editorPage = await editor.newPage();
    const problems = trackProblems(editorPage);
    await editorPage.goto(`${server.url}/editor/artigos/${id}`);
    await editorPage.waitForSelector(EDITOR);
    await editorPage.locator('#artigo-clinico').uncheck();
    await editorPage.getByRole('button', { name: 'Atualizar', exact: true }).click();
    await editorPage.getByRole('dialog').getByRole('button', { name: 'Atualizar', exact: true }).click();
    await editorPage.getByText('Alteração salva. Aguardando revisão médica para ir ao ar.', { exact: true }).waitFor();
    expect(problems).toEqual([]);
    await editor.close();
    const held = await fetch(new URL(articleUrl, server.url));
    expect(await held.text()).toContain(DISCLAIMER);

    const reviewer = await signedIn(browser, server, 'joao@clinica.com.br');
    const page = await reviewer.newPage();
    const reviewerProblems = trackProblems(page);
    await page.goto(`${server.url}/editor/artigos/${id}`);
    await page.waitForSelector(EDITOR);
    expect(await page.locator('#artigo-clinico').isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Aprovar revisão médica' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aprovar', exact: true }).click();
    await page.getByText('Revisão médica aprovada.').waitFor();
    expect(reviewerProblems).toEqual([]);
    await reviewer.close();
    const approved = await (await fetch(new URL(`/noticias/${id}`, server.url))).text();
    expect(approved).toContain('Hipertensão: a pressão em casa, passo a passo');
    expect(approved).not.toContain(DISCLAIMER);
  });
});
