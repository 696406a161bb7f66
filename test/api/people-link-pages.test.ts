import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE_MESSAGES } from '../../src/people/messages.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { secretDigest } from '../../src/lib/secret-token.js';
import { createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { startMailInbox, type MailInbox } from '../support/mail-inbox.js';
import { validateHtml } from '../support/vnu.js';

const SITE_URL = 'https://www.prontivo.test';
const ORIGIN = { Origin: SITE_URL };
const PASSWORD = 'jabuticaba azul no telhado';
const NEW_PASSWORD = 'maracujá roxo na varanda';

const tokenOf = (link: string) => new URL(link).pathname.split('/').at(-1)!;
const cookieOf = (res: request.Response) => [res.headers['set-cookie']].flat()[0]!.split(';')[0]!;
const linkIn = (text: string) => /https:\/\/\S+/.exec(text)![0];

/** The invitation, "esqueci a senha" and reset pages as plain forms (no script), with a local SMTP server: what each answers, and valid HTML. */
describe('invitation, forgotten password and reset pages', () => {
  let inbox: MailInbox;
  let t: TestApp;
  let admin: string;
  const documents: Record<string, string> = {};

  const form = (path: string, fields: object, cookie?: string) => {
    const req = request(t.app).post(path).set(ORIGIN).type('form');
    return (cookie ? req.set('Cookie', cookie) : req).send(fields);
  };
  const privatePage = (res: request.Response) => {
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.text).toContain('<meta name="robots" content="noindex');
    return res.text;
  };

  async function invited(nome: string, email: string, papel = 'autor'): Promise<{ id: number; link: string }> {
    const since = inbox.received.length;
    const answer = await request(t.app).post('/api/pessoas/convites').set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).send({ nome, email, papel }).expect(200);
    // The invitation is e-mailed after the answer: wait for it, or it may pass for the next e-mail to this person.
    await inbox.next(email.toLowerCase(), since);
    return { id: answer.body.value.id as number, link: answer.body.value.convite_url as string };
  }

  beforeAll(async () => {
    inbox = await startMailInbox();
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL, SMTP_URL: inbox.url } });
    admin = cookieOf(await form('/editor/entrar', { chave: TEST_EDITOR_KEY }).expect(303));
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  it('lets an invited person choose a password on the invitation page, signs them in and offers a passkey; the link works once', async () => {
    const { link } = await invited('Helena Duarte', 'helena@clinica.com.br', 'revisor');
    const path = new URL(link).pathname;
    const page = await request(t.app).get(path).expect(200);
    expect(privatePage(page)).toContain('Olá, Helena Duarte. Você recebeu um convite com o papel de Revisor');
    expect(page.text).toContain('value="helena@clinica.com.br"');
    expect(page.text).not.toMatch(/<script[^>]+src=/);
    documents['convite'] = page.text;

    await request(t.app).post(path).set('Origin', 'https://mal.example').type('form').send({ senha_nova: PASSWORD, senha_repetida: PASSWORD }).expect(403);
    const differ = await form(path, { senha_nova: PASSWORD, senha_repetida: 'outra coisa' }).expect(400);
    expect(differ.text).toContain(PEOPLE_MESSAGES.passwordsDiffer);
    const personal = await form(path, { senha_nova: 'helena duarte 123', senha_repetida: 'helena duarte 123' }).expect(400);
    expect(personal.text).toContain(PEOPLE_MESSAGES.passwordPersonal);
    documents['convite com erro'] = personal.text;

    const accepted = await form(path, { senha_nova: PASSWORD, senha_repetida: PASSWORD }).expect(303);
    expect(accepted.headers.location).toBe(`${path}?bem-vindo`);
    const cookie = cookieOf(accepted);
    const welcome = await request(t.app).get(accepted.headers.location as string).set('Cookie', cookie).expect(200);
    expect(privatePage(welcome)).toContain('Tudo pronto, Helena Duarte');
    expect(welcome.text).toContain('id="passkey-nova"');
    expect(welcome.text).toMatch(/<script[^>]+src="[^"]*passkeys/);
    expect(welcome.text).toContain('href="/editor">Ir para os artigos</a>');
    documents['convite aceito'] = welcome.text;
    expect((await request(t.app).get('/editor').set('Cookie', cookie).expect(200)).text).toContain('Conectado como <strong>Helena Duarte</strong>');

    const used = await request(t.app).get(path).expect(410);
    expect(privatePage(used)).toContain(PEOPLE_MESSAGES.invitationUsed);
    documents['convite usado'] = used.text;
    expect((await form(path, { senha_nova: PASSWORD, senha_repetida: PASSWORD }).expect(410)).text).toContain(PEOPLE_MESSAGES.invitationUsed);
    expect((await request(t.app).get('/editor/convite/desconhecido').expect(404)).text).toContain(PEOPLE_MESSAGES.invitationUnknown);
    await t.repo.people.invite(
      { nome: 'Ivo Pires', email: 'ivo@clinica.com.br', papel: 'autor' },
      { token_hash: secretDigest('convite-vencido'), expira_em: new Date(Date.now() - 1_000).toISOString() },
    );
    expect((await request(t.app).get('/editor/convite/convite-vencido').expect(410)).text).toContain(PEOPLE_MESSAGES.invitationExpired);
  });

  it('tells a person whose role requires a passkey to register one on the welcome step', async () => {
    await form('/editor/pessoas', { acao: 'passkey', papeis: 'editor' }, admin).expect(303);
    const { link } = await invited('Joana Reis', 'joana@clinica.com.br', 'editor');
    const accepted = await form(new URL(link).pathname, { senha_nova: PASSWORD, senha_repetida: PASSWORD }).expect(303);
    const welcome = await request(t.app).get(accepted.headers.location as string).set('Cookie', cookieOf(accepted)).expect(200);
    expect(welcome.text).toContain(PEOPLE_MESSAGES.passkeyRequired);
    expect(welcome.text).toContain('href="/editor/conta">Ir para Minha conta</a>');
    await form('/editor/pessoas', { acao: 'passkey' }, admin).expect(303);
  });

  it('e-mails an invitation made on the people page too', async () => {
    const since = inbox.received.length;
    const page = await form('/editor/pessoas', { acao: 'convidar', nome: 'Karina Melo', email: 'karina@clinica.com.br', papel: 'autor' }, admin).expect(200);
    // The message went: the page says so rather than hand the link over too (issue 34).
    expect(page.text).toContain('Convite enviado por e-mail para karina@clinica.com.br.');
    expect(page.text).not.toContain('id="convite-link"');
    expect(linkIn((await inbox.next('karina@clinica.com.br', since)).text)).toMatch(/^https:\/\/www\.prontivo\.test\/editor\/convite\/[\w-]{43}$/);
  });

  it('sends a reset link from "esqueci a senha" with the same words for any address, and the reset page sets the password once', async () => {
    const { link } = await invited('Lucas Prado', 'lucas@clinica.com.br');
    await request(t.app).post(`/api/pessoas/convites/${tokenOf(link)}`).send({ senha: PASSWORD }).expect(200);
    const signIn = await request(t.app).get('/editor/entrar').expect(200);
    expect(signIn.text).toContain('<a href="/editor/esqueci-senha">Esqueci a senha</a>');

    const page = await request(t.app).get('/editor/esqueci-senha').expect(200);
    expect(privatePage(page)).toContain('<h1 id="esqueci-titulo">Esqueci a senha</h1>');
    documents['esqueci a senha'] = page.text;
    const invalid = await form('/editor/esqueci-senha', { email: 'lucas' }).expect(400);
    expect(invalid.text).toContain(PEOPLE_MESSAGES.emailInvalid);
    documents['esqueci a senha com erro'] = invalid.text;
    await request(t.app).post('/editor/esqueci-senha').set('Origin', 'https://mal.example').type('form').send({ email: 'lucas@clinica.com.br' }).expect(403);

    const since = inbox.received.length;
    const unknown = await form('/editor/esqueci-senha', { email: 'ninguem@clinica.com.br' }).expect(303);
    const known = await form('/editor/esqueci-senha', { email: 'Lucas@Clinica.com.br' }).expect(303);
    expect(known.headers.location).toBe('/editor/esqueci-senha?enviado');
    expect(unknown.headers.location).toBe(known.headers.location);
    const sent = await request(t.app).get(known.headers.location as string).expect(200);
    expect(sent.text).toContain(PEOPLE_MESSAGES.resetRequested);
    documents['esqueci a senha enviado'] = sent.text;

    const resetPath = new URL(linkIn((await inbox.next('lucas@clinica.com.br', since)).text)).pathname;
    const reset = await request(t.app).get(resetPath).expect(200);
    expect(privatePage(reset)).toContain('Lucas Prado, a nova senha vale a partir de agora');
    documents['redefinir senha'] = reset.text;
    expect((await form(resetPath, { senha_nova: NEW_PASSWORD, senha_repetida: 'outra' }).expect(400)).text).toContain(PEOPLE_MESSAGES.passwordsDiffer);
    const weak = await form(resetPath, { senha_nova: 'lucasprado2024', senha_repetida: 'lucasprado2024' }).expect(400);
    expect(weak.text).toContain(PEOPLE_MESSAGES.passwordPersonal);
    documents['redefinir senha com erro'] = weak.text;
    await request(t.app).post(resetPath).set('Origin', 'https://mal.example').type('form').send({ senha_nova: NEW_PASSWORD, senha_repetida: NEW_PASSWORD }).expect(403);

    const done = await form(resetPath, { senha_nova: NEW_PASSWORD, senha_repetida: NEW_PASSWORD }).expect(303);
    expect(done.headers.location).toBe('/editor/conta?feito=senha-redefinida');
    const signedIn = await request(t.app).get(done.headers.location as string).set('Cookie', cookieOf(done)).expect(200);
    expect(signedIn.text).toContain('Senha redefinida: você já entrou com ela.');
    const used = await request(t.app).get(resetPath).expect(410);
    expect(privatePage(used)).toContain(PEOPLE_MESSAGES.resetUsed);
    expect(used.text).toContain('href="/editor/esqueci-senha">Pedir outro link</a>');
    documents['redefinir senha usado'] = used.text;
    expect((await request(t.app).get('/editor/redefinir-senha/desconhecido').expect(410)).text).toContain(PEOPLE_MESSAGES.resetExpired);
    await form('/editor/entrar', { email: 'lucas@clinica.com.br', senha: PASSWORD }).expect(403);
    await form('/editor/entrar', { email: 'lucas@clinica.com.br', senha: NEW_PASSWORD }).expect(303).expect('Location', '/editor');

    // Three e-mails per address and window: the fourth request is refused on the page too.
    await form('/editor/esqueci-senha', { email: 'lucas@clinica.com.br' }).expect(303);
    await form('/editor/esqueci-senha', { email: 'lucas@clinica.com.br' }).expect(303);
    const limited = await form('/editor/esqueci-senha', { email: 'lucas@clinica.com.br' }).expect(429);
    expect(limited.text).toContain(PEOPLE_MESSAGES.tooManyResetRequests);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets an administrator generate a person’s reset link on the people page, shown once', async () => {
    const { id, link } = await invited('Marta Lins', 'marta@clinica.com.br', 'colaborador');
    await request(t.app).post(`/api/pessoas/convites/${tokenOf(link)}`).send({ senha: PASSWORD }).expect(200);
    const list = await request(t.app).get('/editor/pessoas').set('Cookie', admin).expect(200);
    expect(list.text).toContain('aria-label="Gerar link de redefinição de senha de Marta Lins"');

    const issued = await form('/editor/pessoas', { acao: 'redefinicao', id }, admin).expect(200);
    expect(issued.text).toContain('Link de redefinição de senha de Marta Lins criado.');
    const url = /id="redefinicao-link" class="area-copy" type="text" readonly="" value="([^"]+)"/.exec(issued.text)![1]!;
    expect(url).toMatch(new RegExp(`^${SITE_URL}/editor/redefinir-senha/[\\w-]{43}$`));
    documents['pessoas com link de redefinição'] = issued.text;
    expect((await request(t.app).get('/editor/pessoas').set('Cookie', admin).expect(200)).text).not.toContain(url);
    await request(t.app).get(new URL(url).pathname).expect(200);

    const marta = cookieOf(await form('/editor/entrar', { email: 'marta@clinica.com.br', senha: PASSWORD }).expect(303));
    await form('/editor/pessoas', { acao: 'redefinicao', id }, marta).expect(403);
    await form('/editor/pessoas', { acao: 'ativo', id, ativo: 'nao' }, admin).expect(303);
    expect((await request(t.app).get('/editor/pessoas').set('Cookie', admin).expect(200)).text).not.toContain('de senha de Marta Lins"');
    expect((await form('/editor/pessoas', { acao: 'redefinicao', id }, admin).expect(409)).text).toContain(PEOPLE_MESSAGES.personInactive);
  });

  it('says on "esqueci a senha" that an administrator hands the links over where no mail server is configured', async () => {
    const withoutMail = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL } });
    try {
      const page = await request(withoutMail.app).get('/editor/esqueci-senha').expect(200);
      expect(page.text).toContain(PEOPLE_MESSAGES.resetByAdministrator);
      expect(page.text).not.toContain('<form');
      documents['esqueci a senha sem e-mail'] = page.text;
    } finally {
      await withoutMail.close();
    }
  });

  it('writes valid HTML on each of these pages (W3C checker)', async () => {
    expect(Object.keys(documents).length).toBeGreaterThanOrEqual(12);
    const errors = await validateHtml(documents);
    for (const [name, messages] of Object.entries(errors)) expect(messages, name).toEqual([]);
  });
});
