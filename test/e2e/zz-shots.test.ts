import express from 'express';
import { it } from 'vitest';
import { createEditorAreaRouter, guardRestOfArea } from '../../src/editor-area/router.js';
import { createTestApp } from '../support/app.js';
import { createFakeEditorArea, FAKE_KEY } from '../support/fake-editor-area.js';
import { axeViolations, launchBrowser, openPage, saveScreenshot } from './support/browser.js';

it('shots', async () => {
  const t = await createTestApp({ env: { SITE_URL: 'http://127.0.0.1:3988' } });
  const fake = createFakeEditorArea();
  for (let day = 1; day <= 25; day += 1) {
    const status = (['rascunho', 'publicado', 'agendado', 'despublicado'] as const)[day % 4]!;
    fake.addArticle(day, `Artigo do dia ${day}: prontuário eletrônico no consultório de dermatologia`, status, `2026-03-${String(day).padStart(2, '0')}T02:30:00.000Z`);
  }
  fake.edit(3, 'Título revisto do artigo', '2026-03-28T12:00:00.000Z');
  const app = express();
  app.use(createEditorAreaRouter(t.deps, fake.ports));
  app.use(guardRestOfArea(fake.ports));
  app.use(t.app);
  const server = app.listen(3988);
  const browser = await launchBrowser();
  for (const vp of ['mobile', 'desktop'] as const) {
    const { page, problems } = await openPage(browser, 'http://127.0.0.1:3988/editor/entrar', vp);
    console.log(vp, 'entrar', await axeViolations(page));
    await saveScreenshot(page, `/tmp/area-shots/entrar-${vp}`.replace('test-results/screenshots/', ''));
    await page.fill('#entrar-chave', 'errada-123456');
    await page.click('button:has-text("Entrar")');
    console.log(vp, 'entrar-erro', await axeViolations(page));
    await saveScreenshot(page, `../../../../tmp/area-shots/entrar-erro-${vp}`);
    await page.fill('#entrar-chave', FAKE_KEY);
    await page.click('button:has-text("Entrar")');
    await page.waitForURL('**/editor');
    console.log(vp, 'lista', await axeViolations(page));
    await saveScreenshot(page, `../../../../tmp/area-shots/lista-${vp}`);
    await page.goto('http://127.0.0.1:3988/editor/artigos/3/historico');
    console.log(vp, 'hist', await axeViolations(page));
    await saveScreenshot(page, `../../../../tmp/area-shots/hist-${vp}`);
    await page.goto('http://127.0.0.1:3988/editor/artigos/3/historico/1');
    await page.click('.area-restore summary');
    console.log(vp, 'versao', await axeViolations(page));
    await saveScreenshot(page, `../../../../tmp/area-shots/versao-${vp}`);
    console.log(vp, 'scrollWidth', await page.evaluate(() => document.documentElement.scrollWidth));
    console.log(problems);
  }
  await browser.close();
  server.close();
  await t.close();
}, 120000);
