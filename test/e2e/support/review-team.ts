import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TEST_EDITOR_KEY, type RunningServer } from './server.js';
import { VIEWPORTS } from './browser.js';

/** The password every invited member of the medical-review scenarios chooses. */
export const TEAM_PASSWORD = 'jabuticaba azul no telhado';

/** Invites a person through the API with the server's editor key and accepts at once with TEAM_PASSWORD. */
export async function inviteMember(server: RunningServer, nome: string, email: string, papel: string): Promise<void> {
  const json = { 'content-type': 'application/json' };
  const invited = await fetch(`${server.url}/api/pessoas/convites`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${TEST_EDITOR_KEY}` },
    body: JSON.stringify({ nome, email, papel }),
  });
  const token = new URL(((await invited.json()) as { value: { convite_url: string } }).value.convite_url).pathname.split('/').at(-1)!;
  await fetch(`${server.url}/api/pessoas/convites/${token}`, { method: 'POST', headers: json, body: JSON.stringify({ senha: TEAM_PASSWORD }) });
}

/** A desktop browser context signed in through the sign-in page as `email`. */
export async function signedIn(browser: Browser, server: RunningServer, email: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto(`${server.url}/editor/entrar`);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(TEAM_PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL(`${server.url}/editor`);
  await page.close();
  return context;
}

/** The revisor's public profile as "Dr. … — MÉDICO — CRM/SP 654321", with a specialty when given: what approving needs. */
export async function fillReviewerCrm(page: Page, server: RunningServer, specialty?: { nome: string; rqe: string }): Promise<void> {
  await page.goto(`${server.url}/editor/conta`);
  await page.getByLabel('Tratamento').selectOption('Dr.');
  await page.getByLabel('Profissão').fill('MÉDICO');
  await page.getByLabel('Conselho').selectOption('CRM');
  await page.getByLabel('Número').fill('654321');
  await page.getByLabel('UF').selectOption('SP');
  if (specialty) {
    await page.getByLabel('Especialidade 1').fill(specialty.nome);
    await page.getByLabel('RQE 1').fill(specialty.rqe);
  }
  await page.getByRole('button', { name: 'Salvar perfil' }).click();
  await page.getByText('Perfil público salvo.').waitFor();
}
