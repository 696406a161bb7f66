import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { Lead, NewLead } from '../../src/db/lead-store.js';
import { createLogger } from '../../src/logger.js';
import { openRepository } from '../../src/open-storage.js';
import { hasBrowser, launchBrowser, openPage, VIEWPORTS, type ViewportName } from './support/browser.js';
import { checkAreaPage, signInThroughForm } from './support/editor-area.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

const T0 = Date.parse('2026-11-20T13:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();

const lead = (name: string, email: string, extra: Partial<NewLead> = {}): NewLead => ({
  name,
  email,
  phone: '(11) 98765-4321',
  profile: 'clinica',
  professionals: 8,
  specialty: 'Dermatologia',
  message: 'Queremos ver a agenda online\ne o prontuário no celular.',
  origin: { page: '/noticias/3/agenda-online', articleId: 3, utm: { source: 'newsletter', campaign: 'primavera' } },
  ...extra,
});

/**
 * The sales team's pages in Chromium at 375 and 1280 px: the list with its search, a lead's page with its
 * consent proof and delivery log; a note added and the state changed through the forms; a failed webhook
 * sent again with "Reenviar"; an administrator gives a person access to the leads on the people page.
 */
describe.runIf(hasBrowser)('contatos no Chromium', () => {
  let dataDir: string;
  let server: RunningServer;
  let browser: Browser;
  const byViewport = {} as Record<ViewportName, Lead>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'site-e2e-contatos-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', EDITOR_KEYS: TEST_EDITOR_KEY, SQLITE_PATH: join(dataDir, 'site.db'), DATA_DIR: dataDir });
    const repo = await openRepository(config, createLogger(config));
    const consent = {
      requestText: 'Usaremos seus dados só para responder a este pedido de demonstração.',
      marketingText: 'Quero receber novos artigos por e-mail.',
      version: '2026-11-01',
      marketingAccepted: true,
      page: '/demonstracao',
      truncatedAddress: '198.51.100.0',
    };
    const names: [ViewportName, string, string][] = [
      ['mobile', 'Dra. Conceição Araújo de Albuquerque Cavalcanti', 'conceicao.araujo.de.albuquerque.cavalcanti@clinica-dermatologica-exemplo.com.br'],
      ['desktop', 'Dr. João Batista', 'joao@consultorio.com.br'],
    ];
    for (const [index, [viewport, name, email]] of names.entries()) {
      const created = await repo.leads.create(lead(name, email), { ...consent, at: at(T0 + index * 60_000) }, (made) => [{ kind: 'webhook', payload: { contato: made.id }, reference: `contato:${made.id}` }], at(T0 + index * 60_000));
      byViewport[viewport] = created;
    }
    await repo.leads.create(lead('Márcia Gestora', 'marcia@hospital.com.br', { profile: 'secretaria-gestor', professionals: null, origin: { page: '/', articleId: null, utm: {} } }), { ...consent, marketingAccepted: false, at: at(T0 + 120_000) }, () => [], at(T0 + 120_000));
    const claimed = await repo.outbox.claim(at(Date.now()), at(Date.now() + 60_000), 10, ['webhook']);
    for (const delivery of claimed) await repo.outbox.markFailed(delivery, 'HTTP 503: CRM fora do ar');
    await repo.people.invite({ nome: 'Vera Vendas', email: 'vera@clinica.com.br', papel: 'colaborador' }, { token_hash: 'convite-vera', expira_em: at(Date.now() + 86_400_000) });
    await repo.close();
    server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' }, dataDir);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(Object.keys(VIEWPORTS) as ViewportName[])('lists, searches, opens a lead, adds a note, changes its state and sends a failed webhook again (%s)', async (viewport) => {
    const mine = byViewport[viewport];
    const { page, problems } = await openPage(browser, `${server.url}/editor/contatos`, viewport);
    await signInThroughForm(page, TEST_EDITOR_KEY);
    await page.getByRole('heading', { name: 'Pedidos de demonstração', level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Área do editor' }).getByRole('link', { name: 'Contatos' }).getAttribute('aria-current')).toBe('page');
    await checkAreaPage(page, 'contatos-lista', viewport);

    await page.getByLabel('Buscar').fill(mine.name.split(' ')[1]!.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase());
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByText('1 contato', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')).toMatch(/^\/api\/contatos\.csv\?texto=/);

    await page.getByRole('link', { name: mine.name }).click();
    await page.getByRole('heading', { name: mine.name, level: 1 }).waitFor();
    await page.getByText('HTTP 503: CRM fora do ar').waitFor();
    await page.getByText('Sim (caixa marcada)').waitFor();
    await checkAreaPage(page, 'contatos-contato', viewport);

    await page.getByLabel('Nova nota').fill('Ligou pedindo horário à tarde.\nRetornar quinta.');
    await page.getByRole('button', { name: 'Salvar nota' }).click();
    await page.getByText('Nota salva.').waitFor();
    await page.getByText('Ligou pedindo horário à tarde.').waitFor();

    await page.getByLabel('Estado do contato').selectOption('em-contato');
    await page.getByRole('button', { name: 'Mudar estado' }).click();
    await page.getByText('Estado salvo.').waitFor();
    expect(await page.getByLabel('Estado do contato').inputValue()).toBe('em-contato');

    await page.getByRole('button', { name: /^Reenviar Webhook \(CRM\)/ }).click();
    await page.getByText('Entrega reenviada: ela volta para a fila agora.').waitFor();
    await page.getByText('Webhook (CRM) · Pendente').waitFor();
    expect(await page.getByRole('button', { name: /^Reenviar/ }).count()).toBe(0);
    await checkAreaPage(page, 'contatos-contato-depois', viewport);

    await page.goto(`${server.url}/editor/contatos?estado=em-contato`);
    await page.getByRole('link', { name: mine.name }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('lets an administrator give a person access to the leads on the people page, and take it back', async () => {
    const { page, problems } = await openPage(browser, `${server.url}/editor/pessoas`, 'desktop');
    await signInThroughForm(page, TEST_EDITOR_KEY);
    await page.getByRole('button', { name: 'Dar acesso aos contatos a Vera Vendas' }).click();
    await page.getByText('Permissões salvas.').waitFor();
    await page.getByText('Ver contatos (pedidos de demonstração)').waitFor();
    await page.getByRole('button', { name: 'Retirar acesso aos contatos a Vera Vendas' }).click();
    await page.getByText('Permissões salvas.').waitFor();
    await page.getByRole('button', { name: 'Dar acesso aos contatos a Vera Vendas' }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
