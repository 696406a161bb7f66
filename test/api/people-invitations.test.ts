import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateAtTimePtBr } from '../../src/content/format-date-time.js';
import { PEOPLE_MESSAGES } from '../../src/people/messages.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { startMailInbox, type MailInbox } from '../support/mail-inbox.js';

const SITE_URL = 'https://www.prontivo.test';
const ORIGIN = { Origin: SITE_URL };
const PASSWORD = 'jabuticaba azul no telhado';
const WEEK_MS = 7 * 86_400_000;

const cookieOf = (res: request.Response) => [res.headers['set-cookie']].flat()[0]!.split(';')[0]!;
const pathOf = (link: string) => new URL(link).pathname;
/** The one link of a message's plain text. */
const linkIn = (text: string) => /https:\/\/\S+/.exec(text)![0];
/** The people page's item of one person, from its heading to the next item. */
const itemOf = (html: string, nome: string) => html.slice(html.indexOf(`<h3 class="area-item-title">${nome}</h3>`)).split('</li>')[0]!;

async function signInAdmin(t: TestApp): Promise<string> {
  return cookieOf(await request(t.app).post('/editor/entrar').set(ORIGIN).type('form').send({ chave: TEST_EDITOR_KEY }).expect(303));
}

/** Pending invitations on the people page, sent again by the page's form and by the API (issue 34). */
describe('invitations not yet accepted, with SMTP (local SMTP server)', () => {
  let inbox: MailInbox;
  let t: TestApp;
  let admin: string;
  const page = (cookie = admin) => request(t.app).get('/editor/pessoas').set('Cookie', cookie);
  const form = (fields: object, cookie = admin) => request(t.app).post('/editor/pessoas').set('Cookie', cookie).set(ORIGIN).type('form').send(fields);
  const resendApi = (id: number | string) => request(t.app).post(`/api/pessoas/convites/${id}/reenvio`).set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).send({});

  beforeAll(async () => {
    inbox = await startMailInbox();
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL, SMTP_URL: inbox.url } });
    admin = await signInAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  it('says the invitation went by e-mail, tells a revisor about the CRM, shows it pending with its expiry, and sends it again with a new link', async () => {
    let since = inbox.received.length;
    const invited = await form({ acao: 'convidar', nome: 'Lúcia Prado', email: 'lucia@clinica.com.br', papel: 'revisor' }).expect(200);
    expect(invited.text).toContain('Convite enviado por e-mail para lucia@clinica.com.br.');
    expect(invited.text).not.toContain('id="convite-link"');
    const first = await inbox.next('lucia@clinica.com.br', since);
    expect(first.text).toContain(PEOPLE_MESSAGES.reviewerNeedsCrm);
    expect(first.text).toContain('Minha conta');
    const firstPath = pathOf(linkIn(first.text));

    const listed = itemOf((await page().expect(200)).text, 'Lúcia Prado');
    expect(listed).toContain('<strong>Convite pendente</strong>');
    const shown = /expira em (\d\d\/\d\d\/\d{4}) às (\d\d:\d\d)/.exec(listed);
    expect(shown).not.toBeNull();
    expect(listed).toContain('aria-label="Reenviar convite a Lúcia Prado"');
    const id = /name="acao" value="reenviar"\/><input type="hidden" name="id" value="(\d+)"/.exec(listed)![1]!;

    since = inbox.received.length;
    const again = await form({ acao: 'reenviar', id }).expect(200);
    expect(again.text).toContain('Convite reenviado por e-mail para lucia@clinica.com.br. O link vale 7 dias e funciona uma vez; o anterior deixou de funcionar.');
    const second = await inbox.next('lucia@clinica.com.br', since);
    const secondPath = pathOf(linkIn(second.text));
    expect(secondPath).not.toBe(firstPath);
    expect((await request(t.app).get(firstPath).expect(404)).text).toContain(PEOPLE_MESSAGES.invitationUnknown);

    since = inbox.received.length;
    const before = Date.now();
    const byApi = (await resendApi(id).expect(200)).body.value as { id: number; convite_url: string; enviado: boolean; expira_em: string };
    expect(byApi).toMatchObject({ id: Number(id), enviado: true });
    expect(Date.parse(byApi.expira_em) - before).toBeGreaterThanOrEqual(WEEK_MS - 1000);
    expect(Date.parse(byApi.expira_em) - Date.now()).toBeLessThanOrEqual(WEEK_MS);
    expect(linkIn((await inbox.next('lucia@clinica.com.br', since)).text)).toBe(byApi.convite_url);
    await request(t.app).get(secondPath).expect(404);
    expect(itemOf((await page().expect(200)).text, 'Lúcia Prado')).toContain(`(expira em ${formatDateAtTimePtBr(byApi.expira_em)})`);

    const audit = (await request(t.app).get('/api/auditoria?pageSize=100').set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).expect(200)).body.value as { items: { acao: string }[] };
    expect(audit.items.filter((item) => item.acao === 'reenviou-convite')).toHaveLength(2);

    // The invitation page and, once accepted, the welcome page say the same about the CRM.
    const invitationPath = pathOf(byApi.convite_url);
    expect((await request(t.app).get(invitationPath).expect(200)).text).toContain(PEOPLE_MESSAGES.reviewerNeedsCrm);
    const accepted = await request(t.app).post(invitationPath).set(ORIGIN).type('form').send({ senha_nova: PASSWORD, senha_repetida: PASSWORD }).expect(303);
    const welcome = await request(t.app).get(accepted.headers.location as string).set('Cookie', cookieOf(accepted)).expect(200);
    expect(welcome.text).toContain('Antes de aprovar uma revisão médica');
    expect(welcome.text).toContain(PEOPLE_MESSAGES.reviewerNeedsCrm);
    expect(welcome.text).toContain('href="/editor/conta">Preencher o CRM em Minha conta</a>');

    // Accepted: no longer pending, and nothing to send again.
    expect(itemOf((await page().expect(200)).text, 'Lúcia Prado')).not.toContain('Convite pendente');
    expect((await resendApi(id).expect(409)).body.messages).toEqual([PEOPLE_MESSAGES.invitationAccepted]);
    expect((await form({ acao: 'reenviar', id }).expect(409)).text).toContain(PEOPLE_MESSAGES.invitationAccepted);
    expect((await resendApi(99999).expect(404)).body.messages).toEqual([PEOPLE_MESSAGES.personNotFound]);
  });

  it('does not mention the CRM to other roles, and lets only administrators send an invitation again', async () => {
    const since = inbox.received.length;
    const answer = (await request(t.app).post('/api/pessoas/convites').set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).send({ nome: 'Rui Dias', email: 'rui@clinica.com.br', papel: 'autor' }).expect(200)).body
      .value as { id: number; convite_url: string };
    expect((await inbox.next('rui@clinica.com.br', since)).text).not.toContain('CRM');
    const invitationPath = pathOf(answer.convite_url);
    expect((await request(t.app).get(invitationPath).expect(200)).text).not.toContain('CRM');
    const accepted = await request(t.app).post(invitationPath).set(ORIGIN).type('form').send({ senha_nova: PASSWORD, senha_repetida: PASSWORD }).expect(303);
    const author = cookieOf(accepted);
    expect((await request(t.app).get(accepted.headers.location as string).set('Cookie', author).expect(200)).text).not.toContain('CRM');

    const pending = (await request(t.app).post('/api/pessoas/convites').set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).send({ nome: 'Sara Reis', email: 'sara@clinica.com.br', papel: 'autor' }).expect(200)).body
      .value as { id: number };
    await request(t.app).post(`/api/pessoas/convites/${pending.id}/reenvio`).set('Cookie', author).set(ORIGIN).send({}).expect(403);
    await form({ acao: 'reenviar', id: pending.id }, author).expect(403);
  });
});

describe('invitations not yet accepted, without SMTP', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL } });
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  it('hands over the new link to copy when the invitation is sent again, and the old one stops working', async () => {
    const form = (fields: object) => request(t.app).post('/editor/pessoas').set('Cookie', admin).set(ORIGIN).type('form').send(fields);
    const invited = await form({ acao: 'convidar', nome: 'Otávio Luz', email: 'otavio@clinica.com.br', papel: 'autor' }).expect(200);
    expect(invited.text).toContain('Convite criado para Otávio Luz. Envie este link à pessoa');
    expect(invited.text).not.toContain('por e-mail para');
    const firstLink = /id="convite-link"[^>]*value="([^"]+)"/.exec(invited.text)![1]!;
    const id = /name="acao" value="reenviar"\/><input type="hidden" name="id" value="(\d+)"/.exec(itemOf(invited.text, 'Otávio Luz'))![1]!;

    const again = await form({ acao: 'reenviar', id }).expect(200);
    expect(again.text).toContain('Convite reenviado para Otávio Luz. Envie este link à pessoa: ele vale 7 dias, funciona uma vez e não será mostrado de novo. O link anterior deixou de funcionar.');
    const secondLink = /id="convite-link"[^>]*value="([^"]+)"/.exec(again.text)![1]!;
    expect(secondLink).not.toBe(firstLink);
    await request(t.app).get(pathOf(firstLink)).expect(404);
    await request(t.app).get(pathOf(secondLink)).expect(200);
    const byApi = (await request(t.app).post(`/api/pessoas/convites/${id}/reenvio`).set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).send({}).expect(200)).body.value;
    expect(byApi.enviado).toBe(false);
  });
});
