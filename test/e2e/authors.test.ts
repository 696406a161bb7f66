import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hasBrowser, launchBrowser, openPage, saveScreenshot, trackProblems, VIEWPORTS, type ViewportName } from './support/browser.js';
import { imageFixtures } from '../fixtures/images/generate.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

const PASSWORD = 'jabuticaba azul no telhado';
const LINE = 'Dra. Ana Souza — MÉDICA — CRM/SP 123456 — Dermatologia — RQE nº 7890';

/**
 * A doctor fills in her public profile on her account page, publishes with her personal API key, and the
 * article signs with her credential line and links to her author page, at both widths.
 */
describe.runIf(hasBrowser)('perfil público, assinatura e página de autor no Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let articleUrl: string;

  beforeAll(async () => {
    server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' });
    browser = await launchBrowser();
    const json = { 'content-type': 'application/json' };
    const invited = await fetch(`${server.url}/api/pessoas/convites`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${TEST_EDITOR_KEY}` },
      body: JSON.stringify({ nome: 'Ana Souza', email: 'ana@clinica.com.br', papel: 'autor' }),
    });
    const token = new URL(((await invited.json()) as { value: { convite_url: string } }).value.convite_url).pathname.split('/').at(-1)!;
    await fetch(`${server.url}/api/pessoas/convites/${token}`, { method: 'POST', headers: json, body: JSON.stringify({ senha: PASSWORD }) });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('saves the profile and a photo from the account page and publishes an article signed with it', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'pt-BR' });
    const page = await context.newPage();
    const problems = trackProblems(page);
    await page.goto(`${server.url}/editor/entrar`);
    await page.getByLabel('E-mail', { exact: true }).fill('ana@clinica.com.br');
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL(`${server.url}/editor`);
    await page.goto(`${server.url}/editor/conta`);
    await page.getByLabel('Tratamento').selectOption('Dra.');
    await page.getByLabel('Profissão').fill('MÉDICA');
    await page.getByLabel('Conselho').selectOption('CRM');
    await page.getByLabel('Número').fill('123456');
    await page.getByLabel('UF').selectOption('SP');
    await page.getByLabel('Especialidade 1').fill('Dermatologia');
    await page.getByLabel('RQE 1').fill('7890');
    await page.getByLabel('Apresentação').fill('Dermatologista em São Paulo, escreve sobre pele e teledermatologia.');
    await page.getByRole('button', { name: 'Salvar perfil' }).click();
    await page.getByText('Perfil público salvo.').waitFor();
    expect(await page.getByText(LINE).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'conta-perfil-desktop');

    // The photo goes with the plain form, without script: a camera photo, turned upright and squared.
    await page.getByLabel('Enviar uma foto').setInputFiles((await imageFixtures()).oriented.path);
    await page.getByRole('button', { name: 'Enviar foto' }).click();
    await page.getByText('Foto do perfil salva.').waitFor();
    const current = page.getByAltText('Foto atual de Dra. Ana Souza');
    expect(await current.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth === img.naturalHeight, img.getBoundingClientRect().width])).toEqual([true, true, 96]);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'conta-foto-desktop');
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.getByRole('heading', { name: 'Foto' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'conta-foto-mobile');
    await page.setViewportSize(VIEWPORTS.desktop);

    await page.getByLabel('Nome da nova chave').fill('Publicação');
    await page.getByRole('region', { name: 'Chaves de API pessoais' }).getByLabel('Confirme que é você: sua senha atual').fill(PASSWORD);
    await page.getByRole('button', { name: 'Criar chave de API' }).click();
    const key = await page.getByLabel('Chave', { exact: true }).inputValue();
    const created = await fetch(`${server.url}/api/artigos/novo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({
        titulo: 'Protetor solar no consultório',
        titulo_url: 'protetor-solar-no-consultorio',
        descricao: 'Como orientar pacientes sobre o uso diário de protetor solar.',
        keywords: 'dermatologia, protetor solar',
        conteudo: '<p>O protetor solar deve ser reaplicado a cada duas horas.</p>',
      }),
    });
    const id = ((await created.json()) as { value: number }).value;
    articleUrl = (await fetch(`${server.url}/noticias/${id}`, { redirect: 'manual' })).headers.get('location')!;
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each(Object.keys(VIEWPORTS) as ViewportName[])('shows the signed article and the author page with the photo (%s)', async (viewport) => {
    const article = await openPage(browser, new URL(articleUrl, server.url).toString(), viewport);
    expect(await article.page.locator('.article-credential').textContent()).toBe(LINE);
    expect(await axeViolations(article.page)).toEqual([]);
    expect(await article.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
    await saveScreenshot(article.page, `artigo-assinado-${viewport}`);
    await article.page.getByRole('link', { name: 'Dra. Ana Souza' }).click();
    await article.page.waitForURL(`${server.url}/autores/ana-souza`);
    expect(await article.page.getByRole('heading', { level: 1 }).textContent()).toBe('Dra. Ana Souza');
    expect(await article.page.getByRole('link', { name: 'Protetor solar no consultório', exact: true }).count()).toBe(1);
    const photo = article.page.locator('.author-header img');
    expect(await photo.getAttribute('alt')).toBe('Dra. Ana Souza');
    // A browser with AVIF takes it, at 2x on the phone's screen as on a desktop's 1x (96 CSS px).
    expect(await photo.evaluate((img: HTMLImageElement) => [img.complete && img.naturalWidth > 0, new URL(img.currentSrc).pathname.endsWith('.avif'), img.getBoundingClientRect().width])).toEqual([true, true, 96]);
    expect(await axeViolations(article.page)).toEqual([]);
    expect(await article.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
    await saveScreenshot(article.page, `autor-${viewport}`);
    expect(article.problems).toEqual([]);
    await article.page.context().close();
  });
});
