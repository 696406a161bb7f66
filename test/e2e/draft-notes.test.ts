import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hasBrowser, launchBrowser, saveScreenshot, trackProblems, VIEWPORTS } from './support/browser.js';
import { EDITOR, typeInEditor } from './support/editor-page.js';
import { fillReviewerCrm, inviteMember, signedIn } from './support/review-team.js';
import { startBuiltServer, type RunningServer } from './support/server.js';

const PASSAGE = 'duas vezes de manhã';

/** Selects `text` inside the rich-text editor, as a person dragging over it would. */
async function selectInEditor(page: Page, text: string): Promise<void> {
  await page.evaluate(
    ({ selector, text }) => {
      const root = document.querySelector(selector)!;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(text);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + text.length);
        const selection = window.getSelection()!;
        selection.removeAllRanges();
        selection.addRange(range);
        return;
      }
      throw new Error(`trecho não encontrado: ${text}`);
    },
    { selector: EDITOR, text },
  );
}

/**
 * Issue 33 end to end: a revisor selects a passage of a clinical draft and leaves a note ("Comentar"); the
 * approval is refused while it is open; the author replies and resolves it with the page's plain forms;
 * the approval then goes through. The notes at 375 and 1280 px, with nothing for axe to find.
 */
describe.runIf(hasBrowser)('notas nos rascunhos no Chromium: o revisor comenta um trecho, a autora responde e resolve', () => {
  let server: RunningServer;
  let browser: Browser;
  let id: number;

  beforeAll(async () => {
    server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' });
    browser = await launchBrowser();
    await inviteMember(server, 'Ana Souza', 'ana@clinica.com.br', 'autor');
    await inviteMember(server, 'João Lima', 'joao@clinica.com.br', 'revisor');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the author saves a clinical draft', async () => {
    const context = await signedIn(browser, server, 'ana@clinica.com.br');
    const page = await context.newPage();
    await page.goto(`${server.url}/novo-artigo`);
    await page.waitForSelector(EDITOR);
    await page.locator('#artigo-titulo').fill('Hipertensão: como medir a pressão em casa');
    await page.locator('#artigo-descricao').fill('Como orientar o paciente a medir a pressão arterial em casa, com o aparelho certo e nos horários certos.');
    await typeInEditor(page, `Meça a pressão sentado, depois de cinco minutos de repouso, ${PASSAGE} e duas à noite.`);
    await page.getByLabel('Conteúdo clínico (precisa de revisão médica antes de ser publicado)').check();
    await page.getByRole('button', { name: 'Salvar rascunho' }).click();
    await page.getByText('Rascunho salvo.').waitFor();
    id = Number(/\/editor\/artigos\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    expect(id).toBeGreaterThan(0);
    await context.close();
  });

  it('the revisor selects a passage and comments on it; approving is refused while the note is open', async () => {
    const context = await signedIn(browser, server, 'joao@clinica.com.br');
    const page = await context.newPage();
    const problems = trackProblems(page);
    await fillReviewerCrm(page, server);

    await page.goto(`${server.url}/editor/artigos/${id}`);
    await page.waitForSelector(EDITOR);
    expect(await page.getByRole('button', { name: 'Comentar', exact: true }).count()).toBe(0);
    await selectInEditor(page, PASSAGE);
    await page.getByRole('button', { name: 'Comentar', exact: true }).click();
    await page.getByLabel(`Nota sobre “${PASSAGE}”`).fill('Duas medidas seguidas, com um minuto entre elas?');
    await page.getByRole('button', { name: 'Salvar nota', exact: true }).first().click();
    await page.getByText('Nota salva: ela aparece na lista de notas, abaixo do formulário.').waitFor();
    const notes = page.locator('#notas');
    await notes.getByText('Notas (1 aberta de 1)').waitFor();
    expect(await notes.locator('blockquote').textContent()).toBe(PASSAGE);
    expect(await notes.getByText('Duas medidas seguidas, com um minuto entre elas?').count()).toBe(1);

    await page.getByRole('button', { name: 'Aprovar revisão médica' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aprovar', exact: true }).click();
    await page.getByText('Este artigo tem 1 nota não resolvida: resolva-a antes de aprovar a revisão médica.').waitFor();
    for (const viewport of ['desktop', 'mobile'] as const) {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await notes.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
      expect(await axeViolations(page)).toEqual([]);
      await saveScreenshot(page, `notas-revisor-${viewport}`);
    }
    // The refused approval is the one failed request.
    expect(problems).toEqual(['console: Failed to load resource: the server responded with a status of 409 (Conflict)']);
    await context.close();
  });

  it('the author replies and resolves with the page’s forms; the revisor then approves', async () => {
    const author = await signedIn(browser, server, 'ana@clinica.com.br');
    const page = await author.newPage();
    await page.goto(`${server.url}/editor/artigos/${id}`);
    await page.getByLabel('Resposta à nota de João Lima').fill('Sim: duas medidas, um minuto entre elas. Ajustei o texto.');
    await page.getByRole('button', { name: 'Responder', exact: true }).click();
    await page.getByText('Resposta salva.').waitFor();
    await page.getByRole('button', { name: 'Resolver a nota de João Lima' }).click();
    await page.getByText('Nota resolvida.').waitFor();
    const notes = page.locator('#notas');
    expect(await notes.getByText('Sim: duas medidas, um minuto entre elas. Ajustei o texto.').count()).toBe(1);
    expect(await notes.getByText(/Resolvida por Ana Souza/).count()).toBe(1);
    await page.setViewportSize(VIEWPORTS.mobile);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'notas-autora-mobile');
    await author.close();

    const reviewer = await signedIn(browser, server, 'joao@clinica.com.br');
    const review = await reviewer.newPage();
    await review.goto(`${server.url}/editor/artigos/${id}`);
    await review.waitForSelector(EDITOR);
    await review.getByRole('button', { name: 'Aprovar revisão médica' }).click();
    await review.getByRole('dialog').getByRole('button', { name: 'Aprovar', exact: true }).click();
    await review.getByText('Revisão médica aprovada.').waitFor();
    await reviewer.close();
  });
});
