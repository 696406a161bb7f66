import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageFixtures, type ImageFixtures } from '../fixtures/images/generate.js';
import { hasBrowser, openPage } from './support/browser.js';
import { failOnPageErrors } from './support/page-errors.js';
import { EDITOR, typeInEditor } from './support/editor-page.js';
import { checkAreaPage, createArticleViaApi, signInThroughForm, signOut } from './support/editor-area.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

/** A public URL as a reader's first request sees it: no redirect followed. */
async function publicStatus(url: string): Promise<{ status: number; location: string | null; text: string }> {
  const response = await fetch(url, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

async function waitForPublicStatus(url: string, wanted: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await publicStatus(url)).status === wanted) return;
    if (Date.now() > deadline) throw new Error(`${url} não respondeu ${wanted} em ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The action buttons ask first: the dialog's own button does it. */
async function confirmAction(page: Page, button: string, dialogButton = button): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: dialogButton, exact: true }).click();
}

/** Clicks "Salvar rascunho" and waits for the server to have stored it. */
async function saveDraft(page: Page): Promise<void> {
  const saved = page.waitForResponse(
    (response) => /\/api\/artigos\/(novo|\d+)$/.test(new URL(response.url()).pathname) && ['POST', 'PUT'].includes(response.request().method()),
  );
  await page.getByRole('button', { name: 'Salvar rascunho' }).click();
  expect((await saved).status()).toBe(200);
}

/** "2026-11-22T19:31" for <input type="datetime-local">, on the São Paulo clock. */
function saoPauloLocalInput(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const POLL = { timeout: 15_000, interval: 250 };

const editIdOf = (page: Page) => Number(/\/editor\/artigos\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);

describe.runIf(hasBrowser)('editorial workflow in Chromium', () => {
  const pageErrors = failOnPageErrors();
  let server: RunningServer;
  let browser: Browser;
  let fixtures: ImageFixtures;

  beforeAll(async () => {
    // A short scheduler tick, so "a minute ahead" is published within a second of its minute.
    server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false', SCHEDULER_INTERVAL_MS: '500' });
    browser = await pageErrors.launch();
    fixtures = await imageFixtures();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in, writes a draft with a photo, previews, publishes, renames (301), unpublishes (410), restores and signs out', async () => {
    const { page, problems } = await openPage(browser, `${server.url}/novo-artigo`, 'desktop');
    // Not signed in, /novo-artigo is the spec's form: the key is asked for.
    await page.locator('#artigo-chave').waitFor();

    await page.goto(`${server.url}/editor`);
    await signInThroughForm(page, TEST_EDITOR_KEY);
    expect(new URL(page.url()).pathname).toBe('/editor');
    await page.getByRole('link', { name: 'Novo artigo' }).first().click();
    await page.waitForSelector(EDITOR);
    expect(await page.locator('#artigo-chave').isVisible()).toBe(false);

    await page.locator('#artigo-titulo').fill('Teleconsulta: o que muda no consultório');
    await page.locator('#artigo-descricao').fill('Como preparar a agenda e o prontuário para atender a distância.');
    await page.locator('#artigo-keywords').fill('teleconsulta, prontuário, agenda');
    await typeInEditor(page, 'A teleconsulta exige o mesmo registro em prontuário que a consulta presencial.');
    await page.locator('input[type="file"]').first().setInputFiles(fixtures.photoLarge.path);
    await page.getByRole('button', { name: 'Salvar rascunho' }).click();
    await page.getByText('Rascunho salvo.').waitFor();
    await page.waitForURL(/\/editor\/artigos\/\d+$/);
    const id = editIdOf(page);
    await page.getByText('Enviado.').first().waitFor();
    await page.getByRole('button', { name: 'Usar como imagem principal' }).click();
    await page.locator('#artigo-imagem-caption').fill('Médica em teleconsulta com um paciente');
    await saveDraft(page);
    expect((await publicStatus(`${server.url}/noticias/${id}`)).status).toBe(404);

    const preview = await page.context().newPage();
    await preview.goto(`${server.url}/editor/previa/${id}`);
    await preview.getByText('Prévia — não publicada').waitFor();
    await preview.getByRole('heading', { name: 'Teleconsulta: o que muda no consultório' }).waitFor();
    await preview.getByRole('img', { name: 'Médica em teleconsulta com um paciente' }).waitFor();
    await preview.close();

    // Back later from the list: the edit page loads the draft with its main image.
    await page.goto(`${server.url}/editor`);
    await page.locator('.area-item', { hasText: 'Teleconsulta: o que muda no consultório' }).getByText('Rascunho').waitFor();
    await page.getByRole('link', { name: 'Teleconsulta: o que muda no consultório', exact: true }).click();
    await page.waitForSelector(EDITOR);
    await expect.poll(() => page.locator('#artigo-imagem-caption').inputValue(), POLL).toBe('Médica em teleconsulta com um paciente');
    await confirmAction(page, 'Salvar', 'Publicar');
    await page.getByText('Artigo publicado!').waitFor();
    const first = await publicStatus(`${server.url}/noticias/${id}`);
    expect(first.status).toBe(301);
    const oldPath = first.location!;
    expect(oldPath).toMatch(/\/teleconsulta-o-que-muda-no-consultorio$/);
    expect((await publicStatus(`${server.url}${oldPath}`)).status).toBe(200);

    await page.locator('#artigo-titulo').fill('Teleconsulta: guia para o consultório');
    await page.locator('#artigo-titulo-url').fill('teleconsulta-guia-consultorio');
    await confirmAction(page, 'Atualizar');
    await page.getByText('Artigo atualizado!').waitFor();
    const renamed = await publicStatus(`${server.url}${oldPath}`);
    expect(renamed.status).toBe(301);
    expect(renamed.location).toMatch(/\/teleconsulta-guia-consultorio$/);
    const newPath = renamed.location!;
    expect((await publicStatus(`${server.url}${newPath}`)).text).toContain('Teleconsulta: guia para o consultório');

    await confirmAction(page, 'Despublicar');
    await page.getByText('Artigo despublicado: ele saiu do site e continua salvo aqui.').waitFor();
    const gone = await publicStatus(`${server.url}${newPath}`);
    expect(gone.status).toBe(410);
    expect(gone.text).toContain('Esta notícia foi retirada do ar.');

    await page.goto(`${server.url}/editor/artigos/${id}/historico`);
    for (const action of ['Criado', 'Publicado', 'Editado', 'Despublicado']) {
      expect(await page.locator('.area-history-what', { hasText: ` · ${action} · ` }).count(), action).toBeGreaterThan(0);
    }
    const firstVersion = page.locator('.area-history-entry').last();
    await firstVersion.getByRole('link', { name: /^Ver versão 1/ }).click();
    await page.getByText('Restaurar esta versão…').click();
    await page.getByRole('button', { name: 'Confirmar: restaurar a versão 1' }).click();
    await page.getByText(/^Versão restaurada: ela agora é a versão \d+, a atual\.$/).waitFor();
    await page.getByRole('link', { name: '← Voltar ao artigo' }).click();
    await page.waitForSelector(EDITOR);
    await expect.poll(() => page.locator('#artigo-titulo').inputValue(), POLL).toBe('Teleconsulta: o que muda no consultório');
    // Restoring changes the text, not the state: the article stays off the site.
    expect((await publicStatus(`${server.url}/noticias/${id}`)).status).toBe(410);

    await signOut(page);
    await page.goto(`${server.url}/editor/artigos/${id}`);
    expect(new URL(page.url()).pathname).toBe('/editor/entrar');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('schedules an article a minute ahead and the scheduler publishes it', async () => {
    const id = await createArticleViaApi(server.url, TEST_EDITOR_KEY, 'Agenda online com lembretes', { status: 'rascunho' });
    const { page, problems } = await openPage(browser, `${server.url}/editor/artigos/${id}`, 'desktop');
    await signInThroughForm(page, TEST_EDITOR_KEY);
    await page.waitForSelector(EDITOR);

    const when = new Date(Date.now() + 60_000);
    await page.getByRole('button', { name: 'Agendar…' }).click();
    await page.getByLabel('Data e hora (horário de Brasília)').fill(saoPauloLocalInput(when));
    await page.getByRole('dialog').getByRole('button', { name: 'Agendar', exact: true }).click();
    await page.getByText(/^Artigo agendado para /).waitFor();
    expect((await publicStatus(`${server.url}/noticias/${id}`)).status).toBe(404);

    await page.goto(`${server.url}/editor?status=agendado`);
    await page.locator('.area-item', { hasText: 'Agenda online com lembretes' }).getByText(/^Agendado para/).waitFor();
    await checkAreaPage(page, 'editor-lista-agendado', 'desktop');

    // Its minute (the input has no seconds) plus the 0.5 s tick, with room for a slow machine.
    await waitForPublicStatus(`${server.url}/noticias/${id}`, 301, 90_000);
    // Readers see it from its minute on; the scheduler's next tick records the publication.
    await expect
      .poll(async () => {
        await page.goto(`${server.url}/editor?status=publicado`);
        return page.locator('.area-item', { hasText: 'Agenda online com lembretes' }).count();
      }, POLL)
      .toBe(1);
    await page.goto(`${server.url}/editor/artigos/${id}/historico`);
    expect(await page.locator('.area-history-what', { hasText: ' · Publicado · ' }).count()).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('gives two tabs on one article the conflict message instead of losing text', async () => {
    const id = await createArticleViaApi(server.url, TEST_EDITOR_KEY, 'Duas abas no mesmo artigo', { status: 'rascunho' });
    const { page: first, problems } = await openPage(browser, `${server.url}/editor/artigos/${id}`, 'desktop');
    await signInThroughForm(first, TEST_EDITOR_KEY);
    await first.waitForSelector(EDITOR);
    const second = await first.context().newPage();
    await second.goto(`${server.url}/editor/artigos/${id}`);
    await second.waitForSelector(EDITOR);

    await first.locator('#artigo-descricao').fill('Texto escrito na primeira aba.');
    await first.getByRole('button', { name: 'Salvar rascunho' }).click();
    await first.getByText('Rascunho salvo.').waitFor();

    // The first tab holds the editing (issue 34): the second takes it over, then saves on the version it read.
    await second.getByRole('button', { name: 'Assumir a edição' }).click();
    await second.getByRole('button', { name: 'Assumir a edição' }).waitFor({ state: 'detached' });
    await second.locator('#artigo-descricao').fill('Texto escrito na segunda aba, que não pode sumir.');
    await second.getByRole('button', { name: 'Salvar rascunho' }).click();
    await second.getByRole('alert').filter({ hasText: 'foi alterado em outra aba ou por outra pessoa' }).waitFor();
    expect(await second.locator('#artigo-descricao').inputValue()).toBe('Texto escrito na segunda aba, que não pode sumir.');
    // The 409 is the answer being tested; Chromium logs it as a failed resource.
    expect(problems.filter((problem) => !problem.includes('409'))).toEqual([]);
    await first.context().close();
  });
});
