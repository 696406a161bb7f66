import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launchBrowser, trackProblems, VIEWPORTS, type ViewportName } from './support/browser.js';
import { checkAreaPage } from './support/editor-area.js';
import { inviteMember, signedIn } from './support/review-team.js';
import { startBuiltServer, type RunningServer } from './support/server.js';

const FACE = fileURLToPath(new URL('../fixtures/uploads/rosto-no-canto.jpg', import.meta.url));

/** Issue 34: a person sets the focal point of their profile photo on "Minha conta", by a click, at 375 and 1280 px. */
describe.runIf(hasBrowser)('ponto focal da foto do perfil no Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(Object.keys(VIEWPORTS) as ViewportName[])('sends a photo, clicks the face on its picture, and the square is cut again at a new URL (%s)', async (viewport) => {
    const email = `ana.${viewport}@clinica.com.br`;
    await inviteMember(server, `Ana Souza (${viewport})`, email, 'autor');
    // Signed in once, then at this viewport with the same session.
    const session = await signedIn(browser, server, email);
    const own = await browser.newContext({ viewport: VIEWPORTS[viewport], locale: 'pt-BR', storageState: await session.storageState() });
    await session.close();
    const page = await own.newPage();
    const problems = trackProblems(page);
    await page.goto(`${server.url}/editor/conta`);
    await page.getByLabel('Enviar uma foto').setInputFiles(FACE);
    await page.getByRole('button', { name: 'Enviar foto' }).click();
    await page.getByText('Foto do perfil salva.').waitFor();
    const before = await page.locator('img.area-photo-current').getAttribute('src');

    const picture = page.getByRole('button', { name: /^Ponto focal da sua foto/ });
    await picture.scrollIntoViewIfNeeded();
    await page.getByRole('heading', { name: 'Ponto focal', exact: true }).waitFor();
    // The head sits at 87.5% × 12.5% of the photo: click there on the 320 × 240 picture.
    await picture.click({ position: { x: 280, y: 30 } });
    await page.getByText('Ponto focal da foto salvo').waitFor();
    await page.getByText('Ponto focal: 87.5% da esquerda, 12.5% do topo.').waitFor();
    expect(await page.locator('img.area-photo-current').getAttribute('src')).not.toBe(before);
    await page.getByRole('heading', { name: 'Ponto focal', exact: true }).scrollIntoViewIfNeeded();
    await checkAreaPage(page, 'conta-foto-ponto-focal', viewport);

    // The keyboard's way: the two fields.
    await page.getByLabel('Horizontal (% da esquerda)').fill('50');
    await page.getByLabel('Vertical (% do topo)').fill('50');
    await page.getByRole('button', { name: 'Salvar ponto focal' }).click();
    await page.getByText('Ponto focal: 50% da esquerda, 50% do topo.').waitFor();
    expect(problems).toEqual([]);
    await own.close();
  }, 120_000);
});
