import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launchBrowser, trackProblems, VIEWPORTS, type ViewportName } from './support/browser.js';
import { startMailInbox, type MailInbox } from '../support/mail-inbox.js';
import { checkAreaPage, signInThroughForm, signOut } from './support/editor-area.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

const PASSWORD = 'jabuticaba azul no telhado';
const NEW_PASSWORD = 'maracujá roxo na varanda';
/** What Chromium logs when it opens a used link's page on purpose. */
const GONE = 'status of 410';

interface Person {
  nome: string;
  email: string;
}

/**
 * People in Chromium, on http://localhost (WebAuthn refuses IP addresses), with a local SMTP server: an
 * administrator invites, the person chooses a password on the invitation page, is signed in and registers
 * a passkey there with Chromium's virtual authenticator (DevTools WebAuthn domain), signs out and back in
 * with it; a colaborador is offered no publishing; a role that requires a passkey is sent to register one
 * first; a forgotten password is reset through the e-mailed link; the audit page shows all of it.
 */
describe.runIf(hasBrowser)('pessoas, senhas e passkeys no Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let inbox: MailInbox;

  beforeAll(async () => {
    inbox = await startMailInbox();
    server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false', SMTP_URL: inbox.url }, undefined, 'localhost');
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await inbox?.close();
  });

  async function contextAt(viewport: ViewportName): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport], locale: 'pt-BR' });
    const page = await context.newPage();
    return { context, page, problems: trackProblems(page) };
  }

  /** The invitation link of the newest e-mail to `email` after `since` messages. */
  async function mailedLink(email: string, since: number): Promise<string> {
    return /http:\/\/\S+\/editor\/convite\/[\w-]+/.exec((await inbox.next(email, since)).text)![0];
  }

  /** The administrator of EDITOR_KEYS invites `person` from the people page: the page says it was e-mailed, and the link is in the e-mail. */
  async function invite(admin: Page, person: Person, papel: string): Promise<string> {
    const since = inbox.received.length;
    await admin.goto(`${server.url}/editor/pessoas`);
    await admin.getByLabel('Nome', { exact: true }).fill(person.nome);
    await admin.getByLabel('E-mail', { exact: true }).fill(person.email);
    await admin.getByLabel('Papel', { exact: true }).selectOption(papel);
    await admin.getByRole('button', { name: 'Convidar' }).click();
    await admin.getByText(`Convite enviado por e-mail para ${person.email}.`).waitFor();
    return mailedLink(person.email, since);
  }

  /** The invited person chooses a password on the invitation page, and lands on its welcome step, signed in. */
  async function acceptInvitation(page: Page, link: string, viewport?: ViewportName): Promise<void> {
    await page.goto(link);
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repita a senha', { exact: true }).fill(PASSWORD);
    if (viewport) await checkAreaPage(page, 'pessoas-convite-senha', viewport);
    await page.getByRole('button', { name: 'Criar senha e entrar' }).click();
    await page.waitForURL(`${link}?bem-vindo`);
  }

  async function signInWithPassword(page: Page, email: string, password = PASSWORD): Promise<void> {
    await page.goto(`${server.url}/editor/entrar`);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForLoadState('load');
  }

  it.each(Object.keys(VIEWPORTS) as ViewportName[])(
    'invites by e-mail; the person chooses a password on the invitation page, registers a passkey there and signs in with it; the audit page lists it all (%s)',
    async (viewport) => {
      const suffix = viewport === 'mobile' ? 'celular' : 'computador';
      const paula: Person = { nome: `Paula Ramos (${suffix})`, email: `paula.${suffix}@clinica.com.br` };
      const admin = await contextAt(viewport);
      await admin.page.goto(`${server.url}/editor/entrar`);
      await checkAreaPage(admin.page, 'pessoas-entrar', viewport);
      await signInThroughForm(admin.page, TEST_EDITOR_KEY);
      const firstLink = await invite(admin.page, paula, 'colaborador');
      expect(firstLink).toMatch(new RegExp(`^${server.url}/editor/convite/[\\w-]{43}$`));
      await checkAreaPage(admin.page, 'pessoas-convite', viewport);

      // Not accepted yet: the list says so, with the link's expiry, and sends it again (a new link by e-mail).
      const item = admin.page.getByRole('listitem').filter({ has: admin.page.getByRole('heading', { name: paula.nome }) });
      await item.getByText('Convite pendente').waitFor();
      expect(await item.textContent()).toMatch(/Convite pendente \(expira em \d\d\/\d\d\/\d{4} às \d\d:\d\d\)/);
      const resentSince = inbox.received.length;
      await item.getByRole('button', { name: `Reenviar convite a ${paula.nome}` }).click();
      await admin.page.getByText(`Convite reenviado por e-mail para ${paula.email}.`).waitFor();
      const link = await mailedLink(paula.email, resentSince);
      expect(link).not.toBe(firstLink);
      await checkAreaPage(admin.page, 'pessoas-convite-reenviado', viewport);

      const person = await contextAt(viewport);
      const { page } = person;
      await acceptInvitation(page, link, viewport);
      await page.getByText(`Tudo pronto, ${paula.nome}`).waitFor();
      await checkAreaPage(page, 'pessoas-convite-bem-vindo', viewport);

      // The welcome step offers a passkey: registered here with Chromium's virtual authenticator.
      const cdp = await person.context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
      });
      await page.getByLabel('Nome desta chave').fill('Notebook do consultório');
      await page.getByLabel('Confirme que é você: sua senha atual').fill(PASSWORD);
      await page.getByRole('button', { name: 'Cadastrar chave de acesso' }).click();
      await page.waitForURL(/\/editor\/conta\?feito=passkey-cadastrada$/);
      await page.getByText('Chave de acesso cadastrada. Na próxima vez, entre com ela.').waitFor();
      await page.getByText('Notebook do consultório').waitFor();
      expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
      await checkAreaPage(page, 'pessoas-conta', viewport);

      await page.goto(`${server.url}/editor`);
      await page.getByText(`Conectado como ${paula.nome}`).waitFor();
      expect(await page.getByRole('link', { name: 'Pessoas' }).count()).toBe(0);

      // A colaborador writes drafts: the form offers no publishing, scheduling or unpublishing.
      await page.goto(`${server.url}/novo-artigo`);
      await page.getByRole('button', { name: 'Salvar rascunho' }).waitFor();
      for (const name of ['Salvar', 'Publicar', 'Agendar…', 'Despublicar']) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
      await page.getByText('O seu papel salva rascunhos').waitFor();

      // The invitation link is used up.
      const used = await page.goto(link);
      expect(used?.status()).toBe(410);
      await page.getByText('Este convite já foi usado.').waitFor();
      await checkAreaPage(page, 'pessoas-convite-usado', viewport);

      await page.goto(`${server.url}/editor`);
      await signOut(page);
      await page.getByRole('button', { name: 'Entrar com chave de acesso' }).click();
      await page.waitForURL(`${server.url}/editor`);
      await page.getByText(`Conectado como ${paula.nome}`).waitFor();

      await admin.page.goto(`${server.url}/editor/auditoria`);
      await admin.page.getByLabel('Pessoa').selectOption({ label: paula.nome });
      await admin.page.getByRole('button', { name: 'Filtrar' }).click();
      await admin.page.waitForURL(/pessoa=\d+/);
      const log = await admin.page.locator('.area-item-title').allInnerTexts();
      expect(log).toEqual([
        `Entrou · ${paula.nome}`,
        `Saiu · ${paula.nome}`,
        `Cadastrou chave de acesso · ${paula.nome}`,
        `Entrou · ${paula.nome}`,
        `Aceitou convite · ${paula.nome}`,
      ]);
      await admin.page.getByText('metodo: passkey').waitFor();
      await checkAreaPage(admin.page, 'pessoas-auditoria', viewport);
      await admin.page.goto(`${server.url}/editor/pessoas`);
      await checkAreaPage(admin.page, 'pessoas-lista', viewport);

      expect(admin.problems).toEqual([]);
      expect(person.problems.filter((problem) => !problem.includes(GONE))).toEqual([]);
      await admin.context.close();
      await person.context.close();
    },
    120_000,
  );

  it('sends a person whose role requires a passkey to register one before anything else', async () => {
    const rui: Person = { nome: 'Rui Tavares', email: 'rui@clinica.com.br' };
    const admin = await contextAt('desktop');
    await admin.page.goto(`${server.url}/editor/entrar`);
    await signInThroughForm(admin.page, TEST_EDITOR_KEY);
    const link = await invite(admin.page, rui, 'autor');
    await admin.page.getByRole('checkbox', { name: 'Autor' }).check();
    await admin.page.getByRole('button', { name: 'Salvar exigência' }).click();
    await admin.page.getByText('Exigência de chave de acesso salva.').waitFor();

    const person = await contextAt('desktop');
    const { page } = person;
    await acceptInvitation(page, link);
    await page.getByText('O seu papel exige uma chave de acesso (passkey)').waitFor();
    // Signing in again with the password: the passkey is still asked for before anything else.
    await person.context.clearCookies();
    await signInWithPassword(page, rui.email);
    expect(new URL(page.url()).pathname).toBe('/editor/conta');
    await page.getByText('O seu papel exige uma chave de acesso (passkey)').waitFor();
    await page.goto(`${server.url}/novo-artigo`);
    expect(new URL(page.url()).pathname).toBe('/editor/conta');
    const write = await page.request.post(`${server.url}/api/artigos/novo`, {
      headers: { origin: server.url },
      data: { titulo: 'Sem passkey', titulo_url: 'sem-passkey', descricao: 'x', keywords: 'x', conteudo: '<p>x</p>', status: 'rascunho' },
    });
    expect(write.status()).toBe(403);

    const cdp = await person.context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'usb', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    await page.getByLabel('Nome desta chave').fill('Chave de segurança');
    await page.getByRole('region', { name: 'Chaves de acesso (passkeys)' }).getByLabel('Confirme que é você: sua senha atual').fill(PASSWORD);
    await page.getByRole('button', { name: 'Cadastrar chave de acesso' }).click();
    await page.waitForURL(/feito=passkey-cadastrada$/);
    expect(await page.getByText('O seu papel exige uma chave de acesso (passkey)').count()).toBe(0);
    await page.goto(`${server.url}/novo-artigo`);
    expect(new URL(page.url()).pathname).toBe('/novo-artigo');
    await page.getByRole('button', { name: 'Publicar', exact: true }).or(page.getByRole('button', { name: 'Salvar', exact: true })).waitFor();
    expect(person.problems).toEqual([]);
    await admin.context.close();
    await person.context.close();
  }, 120_000);

  it.each(Object.keys(VIEWPORTS) as ViewportName[])(
    'resets a forgotten password through the e-mailed link, once; an administrator can also generate one (%s)',
    async (viewport) => {
      const suffix = viewport === 'mobile' ? 'celular' : 'computador';
      const sofia: Person = { nome: `Sofia Andrade (${suffix})`, email: `sofia.${suffix}@clinica.com.br` };
      const admin = await contextAt(viewport);
      await admin.page.goto(`${server.url}/editor/entrar`);
      await signInThroughForm(admin.page, TEST_EDITOR_KEY);
      // Not autor: an earlier test made that role require a passkey.
      const invitedSince = inbox.received.length;
      const link = await invite(admin.page, sofia, 'revisor');
      // The invitation is e-mailed after the answer: wait for it, or it may pass for the reset e-mail below.
      await inbox.next(sofia.email, invitedSince);
      const person = await contextAt(viewport);
      const { page } = person;
      await acceptInvitation(page, link);
      await person.context.clearCookies();

      await page.goto(`${server.url}/editor/entrar`);
      await page.getByRole('link', { name: 'Esqueci a senha' }).click();
      await page.waitForURL(`${server.url}/editor/esqueci-senha`);
      await checkAreaPage(page, 'esqueci-senha', viewport);
      const since = inbox.received.length;
      await page.getByLabel('E-mail', { exact: true }).fill(sofia.email);
      await page.getByRole('button', { name: 'Enviar link' }).click();
      await page.waitForURL(/\/editor\/esqueci-senha\?enviado$/);
      await page.getByText('Se o e-mail informado for de uma conta ativa').waitFor();
      await checkAreaPage(page, 'esqueci-senha-enviado', viewport);

      const mail = await inbox.next(sofia.email, since);
      expect(mail.subject).toBe('Redefinição de senha no Prontivo');
      const resetLink = /http:\/\/\S+\/editor\/redefinir-senha\/[\w-]+/.exec(mail.text)![0];
      await page.goto(resetLink);
      await page.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Repita a nova senha', { exact: true }).fill(NEW_PASSWORD);
      await checkAreaPage(page, 'redefinir-senha', viewport);
      await page.getByRole('button', { name: 'Salvar a nova senha' }).click();
      await page.waitForURL(/\/editor\/conta\?feito=senha-redefinida$/);
      await page.getByText('Senha redefinida: você já entrou com ela.').waitFor();
      await page.getByText(`Conectado como ${sofia.nome}`).waitFor();

      const used = await page.goto(resetLink);
      expect(used?.status()).toBe(410);
      await page.getByText('Este link de redefinição de senha já foi usado.').waitFor();
      await checkAreaPage(page, 'redefinir-senha-usado', viewport);

      await admin.page.goto(`${server.url}/editor/pessoas`);
      await admin.page.getByRole('button', { name: `Gerar link de redefinição de senha de ${sofia.nome}` }).click();
      await admin.page.getByText(`Link de redefinição de senha de ${sofia.nome} criado.`).waitFor();
      expect(await admin.page.getByLabel('Link de redefinição de senha', { exact: true }).inputValue()).toMatch(new RegExp(`^${server.url}/editor/redefinir-senha/[\\w-]{43}$`));
      await checkAreaPage(admin.page, 'pessoas-redefinicao', viewport);

      expect(admin.problems).toEqual([]);
      expect(person.problems.filter((problem) => !problem.includes(GONE))).toEqual([]);
      await admin.context.close();
      await person.context.close();
    },
    120_000,
  );
});
