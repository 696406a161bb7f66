import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailInbox, type MailInbox } from '../support/mail-inbox.js';
import { hasBrowser, launchBrowser, trackProblems, VIEWPORTS } from './support/browser.js';
import { EDITOR, typeInEditor } from './support/editor-page.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

const PASSWORD = 'jabuticaba azul no telhado';
const TITLE = 'Diabetes: como medir a glicemia em casa';

/**
 * Issue 34: a clinical draft is not "Salvar"-ed out to readers; it is sent for medical review, the
 * revisores get an e-mail (real SMTP, through the outbox) and everyone sees it waiting.
 */
describe.runIf(hasBrowser)('enviar para revisão médica', () => {
  let server: RunningServer;
  let browser: Browser;
  let inbox: MailInbox;

  async function invite(nome: string, email: string, papel: string) {
    const json = { 'content-type': 'application/json' };
    const invited = await fetch(`${server.url}/api/pessoas/convites`, { method: 'POST', headers: { ...json, authorization: `Bearer ${TEST_EDITOR_KEY}` }, body: JSON.stringify({ nome, email, papel }) });
    const token = new URL(((await invited.json()) as { value: { convite_url: string } }).value.convite_url).pathname.split('/').at(-1)!;
    await fetch(`${server.url}/api/pessoas/convites/${token}`, { method: 'POST', headers: json, body: JSON.stringify({ senha: PASSWORD }) });
  }

  async function signedIn(email: string): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'pt-BR' });
    const page = await context.newPage();
    await page.goto(`${server.url}/editor/entrar`);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL(`${server.url}/editor`);
    await page.close();
    return context;
  }

  beforeAll(async () => {
    inbox = await startMailInbox();
    [server, browser] = await Promise.all([startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false', SMTP_URL: inbox.url }), launchBrowser()]);
    await invite('Carla Dias', 'carla@clinica.com.br', 'editor');
    await invite('João Lima', 'joao@clinica.com.br', 'revisor');
    await invite('Rita Souza', 'rita@clinica.com.br', 'revisor');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await inbox?.close();
  });

  it('"Enviar para revisão médica" replaces "Salvar", e-mails each revisor once, and everyone sees it waiting', async () => {
    const context = await signedIn('carla@clinica.com.br');
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
    const editUrl = page.url();
    await page.locator('.medical-review-state').getByText('Aguardando revisão médica', { exact: true }).waitFor();

    const [joao, rita] = await Promise.all([inbox.next('joao@clinica.com.br', since), inbox.next('rita@clinica.com.br', since)]);
    for (const mail of [joao, rita]) {
      expect(mail.subject).toBe(`Revisão médica pedida: “${TITLE}”`);
      expect(mail.text).toContain('Carla Dias enviou o artigo clínico');
      expect(mail.text).toContain(editUrl);
    }
    expect(problems).toEqual([]);

    const reviewer = await signedIn('joao@clinica.com.br');
    const reviewerPage = await reviewer.newPage();
    const reviewerProblems = trackProblems(reviewerPage);
    await reviewerPage.goto(editUrl);
    await reviewerPage.locator('.medical-review-state').getByText('Aguardando revisão médica', { exact: true }).waitFor();
    await reviewerPage.getByRole('button', { name: 'Aprovar revisão médica' }).waitFor();
    expect(reviewerProblems).toEqual([]);
    await reviewer.close();
    await context.close();
  });
});
