import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_TIME_ZONE } from '../../src/lib/site-time.js';
import { axeViolations, hasBrowser, launchBrowser, saveScreenshot, trackProblems, VIEWPORTS } from './support/browser.js';
import { EDITOR, typeInEditor } from './support/editor-page.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

const PASSWORD = 'jabuticaba azul no telhado';
const clock = (ms: number) => new Intl.DateTimeFormat('pt-BR', { timeZone: SITE_TIME_ZONE, hour: '2-digit', minute: '2-digit' }).format(ms);

/** Issue 34 in two browser contexts: Ana edits, Bruno opens the same article, reads, then takes the editing over. */
describe.runIf(hasBrowser)('uma pessoa de cada vez: a edição vista de um segundo navegador', () => {
  let server: RunningServer;
  let browser: Browser;

  async function invite(nome: string, email: string) {
    const json = { 'content-type': 'application/json' };
    const invited = await fetch(`${server.url}/api/pessoas/convites`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${TEST_EDITOR_KEY}` },
      body: JSON.stringify({ nome, email, papel: 'editor' }),
    });
    const token = new URL(((await invited.json()) as { value: { convite_url: string } }).value.convite_url).pathname.split('/').at(-1)!;
    await fetch(`${server.url}/api/pessoas/convites/${token}`, { method: 'POST', headers: json, body: JSON.stringify({ senha: PASSWORD }) });
  }

  async function signedIn(email: string): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'pt-BR' });
    const answer = await context.request.post(`${server.url}/api/sessao`, { data: { email, senha: PASSWORD }, headers: { origin: server.url } });
    expect(answer.status()).toBe(200);
    return context;
  }

  async function openArticle(context: BrowserContext, id: number): Promise<{ page: Page; problems: string[] }> {
    const page = await context.newPage();
    const problems = trackProblems(page);
    const heartbeat = page.waitForResponse((response) => response.url().endsWith(`/artigos/${id}/edicao`));
    await page.goto(`${server.url}/editor/artigos/${id}`);
    await Promise.all([page.waitForSelector(EDITOR), heartbeat]);
    return { page, problems };
  }

  const readApi = async (path: string) =>
    ((await (await fetch(`${server.url}/api/artigos/${path}`, { headers: { authorization: `Bearer ${TEST_EDITOR_KEY}` } })).json()) as { value: unknown }).value;

  beforeAll(async () => {
    server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' });
    browser = await launchBrowser();
    await invite('Ana Souza', 'ana@clinica.com.br');
    await invite('Bruno Alves', 'bruno@clinica.com.br');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('Bruno sees who edits since when, may read only, takes over; Ana is told, and her next save is kept as a suggestion', async () => {
    const created = await fetch(`${server.url}/api/artigos/novo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: TEST_EDITOR_KEY, status: 'rascunho', titulo: 'Agenda do consultório', titulo_url: 'agenda-do-consultorio', descricao: 'D', keywords: '', conteudo: '<p>Início.</p>' }),
    });
    const id = ((await created.json()) as { value: number }).value;
    const anaContext = await signedIn('ana@clinica.com.br');
    const bruno = await signedIn('bruno@clinica.com.br');
    const before = Date.now();
    const ana = await openArticle(anaContext, id);
    const brunoTab = await openArticle(bruno, id);

    const banner = brunoTab.page.locator('.edit-lock-banner');
    await banner.getByText(/^Ana Souza está editando este artigo desde \d\d:\d\d$/).waitFor();
    const since = /desde (\d\d:\d\d)$/.exec((await banner.locator('span').first().textContent())!)![1];
    expect([clock(before), clock(Date.now())]).toContain(since);
    expect(await brunoTab.page.getByRole('button', { name: 'Salvar rascunho' }).isDisabled()).toBe(true);
    expect(await axeViolations(brunoTab.page)).toEqual([]);
    await saveScreenshot(brunoTab.page, 'edicao-de-outra-pessoa');

    await banner.getByRole('button', { name: 'Abrir só para leitura' }).click();
    await banner.getByText('Só para leitura: o que você mudar aqui não é salvo.').waitFor();
    expect(await brunoTab.page.getByRole('button', { name: 'Salvar rascunho' }).isDisabled()).toBe(true);

    await banner.getByRole('button', { name: 'Assumir a edição' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await brunoTab.page.getByRole('button', { name: 'Salvar rascunho' }).isEnabled()).toBe(true);

    // Ana's tab learns it at its next heartbeat (coming back to the tab beats at once).
    await ana.page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await ana.page.getByRole('alert').filter({ hasText: 'Bruno Alves assumiu a edição deste artigo.' }).waitFor();

    const diverted = ana.page.waitForResponse((response) => response.request().method() === 'PUT');
    await typeInEditor(ana.page, ' Parágrafo da Ana depois da troca.');
    await ana.page.getByRole('button', { name: 'Salvar rascunho' }).click();
    expect((await diverted).status()).toBe(423);
    await ana.page.getByText('O que você salvou ficou guardado como sugestão no histórico; o artigo não mudou.').first().waitFor();

    expect(((await readApi(String(id))) as { conteudo: string }).conteudo).toBe('<p>Início.</p>');
    const suggestions = (await readApi(`${id}/sugestoes`)) as { autor: string; conteudo: { conteudo: string } }[];
    expect(suggestions.map((suggestion) => [suggestion.autor, suggestion.conteudo.conteudo])).toEqual([['Ana Souza', '<p>Início. Parágrafo da Ana depois da troca.</p>']]);
    expect(ana.problems.filter((problem) => !problem.includes('423'))).toEqual([]);
    expect(brunoTab.problems).toEqual([]);
    await anaContext.close();
    await bruno.close();
  });
});
