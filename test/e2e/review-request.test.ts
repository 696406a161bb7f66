import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailInbox, type MailInbox } from '../support/mail-inbox.js';
import { axeViolations, hasBrowser, launchBrowser, trackProblems } from './support/browser.js';
import { EDITOR, typeInEditor } from './support/editor-page.js';
import { fillReviewerCrm, inviteMember, signedIn } from './support/review-team.js';
import { startBuiltServer, type RunningServer } from './support/server.js';

const TITLE = 'Diabetes: como medir a glicemia em casa';

/**
 * Issue 34: a clinical draft is not "Salvar"-ed out to readers; it is sent for medical review, the
 * revisores get an e-mail (real SMTP, through the outbox) and everyone sees it waiting.
 */
describe.runIf(hasBrowser)('enviar para revisão médica e aprovar', () => {
  let server: RunningServer;
  let browser: Browser;
  let inbox: MailInbox;
  let editUrl: string;

  beforeAll(async () => {
    inbox = await startMailInbox();
    [server, browser] = await Promise.all([startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false', SMTP_URL: inbox.url }), launchBrowser()]);
    await inviteMember(server, 'Carla Dias', 'carla@clinica.com.br', 'editor');
    await inviteMember(server, 'João Lima', 'joao@clinica.com.br', 'revisor');
    await inviteMember(server, 'Rita Souza', 'rita@clinica.com.br', 'revisor');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await inbox?.close();
  });

  it('"Enviar para revisão médica" replaces "Salvar", e-mails each revisor once, and everyone sees it waiting', async () => {
    const context = await signedIn(browser, server, 'carla@clinica.com.br');
    const page = await context.newPage();
    const problems = trackProblems(page);
    await page.goto(`${server.url}/novo-artigo`);
    await page.waitForSelector(EDITOR);
    await page.locator('#artigo-titulo').fill(TITLE);
    await page.locator('#artigo-descricao').fill('Como orientar o paciente a medir a glicemia capilar em casa, nos horários certos e com o aparelho calibrado.');
    await typeInEditor(page, 'Lave as mãos antes de furar o dedo e anote o resultado com o horário.');
    const actions = page.locator('.article-buttons');
    expect(await actions.getByRole('button', { name: 'Salvar', exact: true }).isVisible()).toBe(true);
    await page.getByLabel('Conteúdo clínico (precisa de revisão médica antes de ser publicado)').check();
    await actions.getByRole('button', { name: 'Enviar para revisão médica' }).waitFor();
    expect(await actions.getByRole('button', { name: 'Salvar', exact: true }).count()).toBe(0);
    expect(await actions.getByRole('button', { name: 'Agendar…' }).count()).toBe(0);

    const since = inbox.received.length;
    await actions.getByRole('button', { name: 'Enviar para revisão médica' }).click();
    await page.getByText('Enviado para revisão médica: os 2 revisores foram avisados por e-mail.', { exact: true }).waitFor();
    await page.waitForURL(/\/editor\/artigos\/\d+$/);
    editUrl = page.url();
    await page.locator('.medical-review-state').getByText('Aguardando revisão médica', { exact: true }).waitFor();

    const [joao, rita] = await Promise.all([inbox.next('joao@clinica.com.br', since), inbox.next('rita@clinica.com.br', since)]);
    for (const mail of [joao, rita]) {
      expect(mail.subject).toBe(`Revisão médica pedida: “${TITLE}”`);
      expect(mail.text).toContain('Carla Dias enviou o artigo clínico');
      expect(mail.text).toContain(editUrl);
    }
    expect(problems).toEqual([]);

    const reviewer = await signedIn(browser, server, 'joao@clinica.com.br');
    const reviewerPage = await reviewer.newPage();
    const reviewerProblems = trackProblems(reviewerPage);
    await reviewerPage.goto(editUrl);
    await reviewerPage.locator('.medical-review-state').getByText('Aguardando revisão médica', { exact: true }).waitFor();
    await reviewerPage.getByRole('button', { name: 'Aprovar revisão médica' }).waitFor();
    expect(reviewerProblems).toEqual([]);
    await reviewer.close();
    await context.close();
  });
  async function approveAs(email: string, expectations: (dialog: Locator) => Promise<void>) {
    const reviewer = await signedIn(browser, server, email);
    const page = await reviewer.newPage();
    const problems = trackProblems(page);
    await page.goto(editUrl);
    await page.waitForSelector(EDITOR);
    await page.getByRole('button', { name: 'Aprovar revisão médica' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aprovar revisão médica' });
    await dialog.locator('.approval-changes').waitFor();
    await expectations(dialog);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Aprovar', exact: true }).click();
    await page.getByText('Revisão médica aprovada.').waitFor();
    expect(problems).toEqual([]);
    await reviewer.close();
  }

  it('approving asks for a confirmation showing what changed since the last approved version, and e-mails the author', async () => {
    const reviewer = await signedIn(browser, server, 'joao@clinica.com.br');
    const profile = await reviewer.newPage();
    await fillReviewerCrm(profile, server);
    await reviewer.close();

    let since = inbox.received.length;
    await approveAs('joao@clinica.com.br', async (dialog) => {
      expect(await dialog.getByText('Primeira aprovação deste artigo: todo o texto é novo para a revisão.').count()).toBe(1);
      expect(await dialog.locator('ins').filter({ hasText: 'Lave as mãos antes de furar o dedo' }).count()).toBe(1);
    });
    let mail = await inbox.next('carla@clinica.com.br', since);
    const first = mail.text;
    expect(mail.subject).toBe(`Revisão médica aprovada: “${TITLE}”`);
    expect(mail.text).toContain('Dr. João Lima aprovou a revisão médica da versão');
    expect(mail.text).toContain(editUrl);

    // The author changes a sentence: the next approval shows that change, against the approved version.
    const author = await signedIn(browser, server, 'carla@clinica.com.br');
    const page = await author.newPage();
    await page.goto(editUrl);
    await page.waitForSelector(EDITOR);
    await typeInEditor(page, ' Troque a lanceta a cada medida.');
    await page.locator('.article-buttons').getByRole('button', { name: 'Enviar para revisão médica' }).click();
    await page.getByText('Enviado para revisão médica', { exact: false }).waitFor();
    await author.close();

    since = inbox.received.length;
    await approveAs('joao@clinica.com.br', async (dialog) => {
      await dialog.getByText(/^Mudanças desde a versão \d+, aprovada por Dr\. João Lima em /).waitFor();
      expect(await dialog.locator('ins').allTextContents()).toEqual(['adicionadoTroque a lanceta a cada medida.']);
      expect(await dialog.getByText('6 palavras adicionadas e 0 removidas.', { exact: true }).count()).toBe(1);
    });
    mail = await inbox.next('carla@clinica.com.br', since);
    expect(mail.subject).toBe(`Revisão médica aprovada: “${TITLE}”`);
    expect(mail.text).not.toBe(first);
  });
});
