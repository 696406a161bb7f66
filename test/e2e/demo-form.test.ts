import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_FORM_MESSAGES } from '../../src/content/lead-form-rules.js';
import { openSqliteRepository } from '../../src/open-storage.js';
import { silentLogger } from '../contract/adapters.js';
import { axeViolations, hasBrowser, launchBrowser, saveScreenshot, trackProblems, VIEWPORTS, type ViewportName } from './support/browser.js';
import { startBuiltServer, type RunningServer } from './support/server.js';

/** The server refuses a form sent sooner than this after it was shown (a program's speed). */
const MIN_FILL_MS = 3_000;

describe.runIf(hasBrowser)('/demonstracao in Chromium, with JavaScript off and on', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startBuiltServer({ LEAD_RATE_LIMIT: '50' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(viewport: ViewportName, javaScriptEnabled: boolean, path: string): Promise<{ page: Page; problems: string[]; shownAt: number }> {
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport], locale: 'pt-BR', javaScriptEnabled });
    const page = await context.newPage();
    const problems = trackProblems(page);
    await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
    return { page, problems, shownAt: Date.now() };
  }

  async function storedLead(email: string) {
    const repo = await openSqliteRepository(join(server.dataDir, 'site.db'), silentLogger);
    try {
      return (await repo.leads.findByEmail(email))[0]?.lead;
    } finally {
      await repo.close();
    }
  }

  /**
   * axe runs its script in the page, which a context without JavaScript refuses: the document as that
   * context shows it is checked in a context with JavaScript whose page scripts are all refused.
   */
  async function axeOfDocument(html: string, viewport: ViewportName): Promise<string[]> {
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport], locale: 'pt-BR' });
    try {
      await context.route('**/*.js', (route) => route.abort());
      const page = await context.newPage();
      await page.goto(`${server.url}/demonstracao/obrigado`);
      await page.setContent(html, { waitUntil: 'load' });
      return await axeViolations(page);
    } finally {
      await context.close();
    }
  }

  const waitForTheToken = (shownAt: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, shownAt + MIN_FILL_MS + 200 - Date.now())));

  async function fillValid(page: Page, email: string): Promise<void> {
    await page.getByLabel('Nome', { exact: true }).fill('Dra. Helena Prado');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('WhatsApp ou telefone').fill('(21) 99876-5432');
    await page.getByLabel('Médico(a) em consultório próprio').check();
  }

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`works as a plain form with JavaScript off at ${VIEWPORTS[viewport].width} px: errors beside the fields with everything kept, then the thanks page`, async () => {
      const { page, problems, shownAt } = await open(viewport, false, '/demonstracao?de=/preco-prontuario-eletronico&utm_source=e2e');
      try {
        expect(await page.locator('h1').textContent()).toBe('Agende uma demonstração');
        await saveScreenshot(page, `demonstracao-${viewport}`);
        expect(await axeOfDocument(await page.content(), viewport)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
        expect(await page.getByLabel('Quero receber conteúdos por e-mail', { exact: false }).isChecked()).toBe(false);

        await page.getByLabel('Nome', { exact: true }).fill('Dra. Helena Prado');
        await page.getByLabel('E-mail', { exact: true }).fill('helena@');
        await page.getByLabel('Mensagem').fill('Atendo às terças & quintas.');
        await page.getByLabel('Clínica com vários profissionais').check();
        await page.getByRole('button', { name: 'Pedir demonstração' }).click();
        await page.waitForLoadState('load');
        expect(await page.locator('#demonstracao-erros').textContent()).toContain(LEAD_FORM_MESSAGES.summary);
        expect(await page.locator('#demo-email-erro').textContent()).toBe(LEAD_FORM_MESSAGES.email);
        expect(await page.locator('#demo-profissionais-erro').textContent()).toBe(LEAD_FORM_MESSAGES.professionals);
        expect(await page.getByLabel('Nome', { exact: true }).inputValue()).toBe('Dra. Helena Prado');
        expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe('helena@');
        expect(await page.getByLabel('Mensagem').inputValue()).toBe('Atendo às terças & quintas.');
        expect(await page.getByLabel('Clínica com vários profissionais').isChecked()).toBe(true);
        await saveScreenshot(page, `demonstracao-erros-${viewport}`);
        expect(await axeOfDocument(await page.content(), viewport)).toEqual([]);

        const email = `helena.${viewport}.semjs@clinica.test`;
        await fillValid(page, email);
        await page.getByLabel('Quero receber conteúdos por e-mail', { exact: false }).check();
        await waitForTheToken(shownAt);
        await page.getByRole('button', { name: 'Pedir demonstração' }).click();
        await page.waitForURL(`${server.url}/demonstracao/obrigado`);
        expect(await page.locator('h1').textContent()).toBe('Obrigado! Vamos falar com você em breve');
        await saveScreenshot(page, `demonstracao-obrigado-${viewport}`);
        expect(await axeOfDocument(await page.content(), viewport)).toEqual([]);
        expect(await storedLead(email)).toMatchObject({
          profile: 'medico-consultorio',
          message: 'Atendo às terças & quintas.',
          origin: { page: '/preco-prontuario-eletronico', articleId: null, utm: { source: 'e2e' } },
          consent: { marketingAccepted: true, truncatedAddress: '127.0.0.0' },
        });
        // Chromium reports the refused form's 422 document as a failed resource; that one is expected.
        expect(problems.filter((problem) => !problem.includes('status of 422'))).toEqual([]);
      } finally {
        await page.context().close();
      }
    });

    it(`checks fields as they are typed and solves the proof of work with JavaScript on at ${VIEWPORTS[viewport].width} px`, async () => {
      const { page, problems, shownAt } = await open(viewport, true, '/demonstracao');
      try {
        const clinicBlock = page.locator('[data-so-clinica]');
        await expect.poll(() => clinicBlock.isHidden()).toBe(true);
        await page.getByLabel('E-mail', { exact: true }).fill('helena@');
        await page.getByLabel('Nome', { exact: true }).focus();
        await expect.poll(() => page.locator('#demo-email-erro').textContent()).toBe(LEAD_FORM_MESSAGES.email);
        expect(await page.getByLabel('E-mail', { exact: true }).getAttribute('aria-invalid')).toBe('true');
        // A field only passed through is judged at the submit: no message appears above the pointer on its way.
        await page.getByLabel('Clínica com vários profissionais').check();
        expect(await page.locator('#demo-nome-erro').textContent()).toBe('');
        await expect.poll(() => clinicBlock.isVisible()).toBe(true);
        await saveScreenshot(page, `demonstracao-js-erros-${viewport}`);
        expect(await axeViolations(page)).toEqual([]);

        // Sending with errors stays on the page, with the summary focused.
        await page.getByRole('button', { name: 'Pedir demonstração' }).click();
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('demonstracao-erros');
        expect(page.url()).toBe(`${server.url}/demonstracao`);

        const email = `helena.${viewport}.comjs@clinica.test`;
        await page.getByLabel('E-mail', { exact: true }).fill(email);
        await expect.poll(() => page.locator('#demo-email-erro').textContent()).toBe('');
        await fillValid(page, email);
        await expect.poll(() => clinicBlock.isHidden()).toBe(true);
        await expect.poll(() => page.locator('#demonstracao-altcha').inputValue(), { timeout: 20_000 }).not.toBe('');
        await waitForTheToken(shownAt);
        await page.getByRole('button', { name: 'Pedir demonstração' }).click();
        await page.waitForURL(`${server.url}/demonstracao/obrigado`);
        expect(await storedLead(email)).toMatchObject({ name: 'Dra. Helena Prado', phone: '(21) 99876-5432', consent: { marketingAccepted: false } });
        expect(problems).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  }
});
