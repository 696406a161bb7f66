import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE_MESSAGES } from '../../src/people/messages.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { secretDigest } from '../../src/lib/secret-token.js';
import { createTestApp, TEST_EDITOR_AUTHOR, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { freePort } from '../support/free-port.js';
import { startMailInbox, type MailInbox } from '../support/mail-inbox.js';

const SITE_URL = 'https://www.prontivo.test';
const PASSWORD = 'jabuticaba azul no telhado';
const NEW_PASSWORD = 'maracujá roxo na varanda';

const tokenOf = (link: string) => new URL(link).pathname.split('/').at(-1)!;
const cookieOf = (res: request.Response) => [res.headers['set-cookie']].flat()[0]!.split(';')[0]!;
/** The one link of a message's plain text. */
const linkIn = (text: string) => /https:\/\/\S+/.exec(text)?.[0];

/** Invitations and password resets by e-mail, through a real SMTP server on loopback (smtp-server). */
describe('e-mails of invitations and password resets (SQLite, local SMTP server)', () => {
  let inbox: MailInbox;
  let t: TestApp;

  beforeAll(async () => {
    inbox = await startMailInbox();
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL, SMTP_URL: inbox.url } });
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  const api = () => request(t.app);
  const asAdmin = (req: request.Test) => req.set('Authorization', `Bearer ${TEST_EDITOR_KEY}`);
  const invite = (body: object) => asAdmin(api().post('/api/pessoas/convites')).send(body);
  const forgot = (email: string) => api().post('/api/pessoas/senha/esqueci').send({ email });
  const reset = (token: string, senha: string) => api().post(`/api/pessoas/redefinicoes/${token}`).send({ senha });
  const signIn = (email: string, senha: string) => api().post('/api/sessao').send({ email, senha });
  const audit = async () =>
    ((await asAdmin(api().get('/api/auditoria?pageSize=100')).expect(200)).body.value as { items: { acao: string; quem: string; id_pessoa: number | null }[] }).items;

  async function person(nome: string, email: string, papel = 'autor'): Promise<number> {
    const since = inbox.received.length;
    const invited = (await invite({ nome, email, papel }).expect(200)).body.value as { id: number; convite_url: string };
    // The invitation is e-mailed after the answer: wait for it, or it may pass for the next e-mail to this person.
    await inbox.next(email.toLowerCase(), since);
    await api().post(`/api/pessoas/convites/${tokenOf(invited.convite_url)}`).send({ senha: PASSWORD }).expect(200);
    return invited.id;
  }

  it('e-mails the invitation (who invited, the role, the link, 7 days, once); the answer is unchanged and the link works once', async () => {
    const since = inbox.received.length;
    const answer = await invite({ nome: 'Ana Beatriz Lima', email: 'Ana.Lima@clinica.com.br', papel: 'revisor' }).expect(200);
    expect(Object.keys(answer.body.value as object).sort()).toEqual(['convite_url', 'id']);
    const { convite_url } = answer.body.value as { convite_url: string };

    const mail = await inbox.next('ana.lima@clinica.com.br', since);
    expect(mail.from).toBe('nao-responda@prontivo.test');
    // The outbox's delivery id names the message: the Message-ID a receiver deduplicates on, and a header.
    expect(mail.messageId).toBe(`<${mail.delivery}@www.prontivo.test>`);
    expect(mail.delivery).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(mail.subject).toBe('Convite para a área dos editores do Prontivo');
    expect(mail.text).toContain('Olá, Ana Beatriz Lima.');
    expect(mail.text).toContain(`${TEST_EDITOR_AUTHOR} convidou você para a área dos editores do site do Prontivo, com o papel de Revisor.`);
    expect(mail.text).toContain('O link vale 7 dias e funciona uma vez só.');
    expect(linkIn(mail.text)).toBe(convite_url);
    expect(mail.html).toContain(`<a href="${convite_url}">Aceitar o convite</a>`);

    const token = tokenOf(linkIn(mail.text)!);
    expect((await api().post(`/api/pessoas/convites/${token}`).send({ senha: PASSWORD }).expect(200)).body.value).toEqual({ nome: 'Ana Beatriz Lima', papel: 'revisor' });
    expect((await api().post(`/api/pessoas/convites/${token}`).send({ senha: PASSWORD }).expect(410)).body.messages).toEqual([PEOPLE_MESSAGES.invitationUsed]);
  });

  it('answers "esqueci a senha" alike for any address, e-mails a one-hour link only to an active person, and the link works once', async () => {
    const id = await person('Bruno Costa', 'bruno@clinica.com.br');
    const before = cookieOf(await signIn('bruno@clinica.com.br', PASSWORD).expect(200));
    const since = inbox.received.length;

    const unknown = await forgot('ninguem@clinica.com.br').expect(200);
    const known = await forgot('  BRUNO@clinica.com.br ').expect(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.value).toEqual({ mensagem: PEOPLE_MESSAGES.resetRequested });
    await forgot('não é e-mail').expect(400);

    const mail = await inbox.next('bruno@clinica.com.br', since);
    expect(mail.subject).toBe('Redefinição de senha no Prontivo');
    expect(mail.text).toContain('Olá, Bruno Costa.');
    expect(mail.text).toContain('O link vale 1 hora e funciona uma vez só.');
    const link = linkIn(mail.text)!;
    expect(link).toMatch(new RegExp(`^${SITE_URL}/editor/redefinir-senha/[\\w-]{43}$`));
    const token = tokenOf(link);

    expect((await reset(token, 'bruno costa 2024').expect(400)).body.messages).toEqual([PEOPLE_MESSAGES.passwordPersonal]);
    expect((await reset(token, NEW_PASSWORD).expect(200)).body.value).toEqual({ nome: 'Bruno Costa', papel: 'autor', chaves_revogadas: [] });
    expect((await reset(token, 'outra senha bem comprida ali').expect(410)).body.messages).toEqual([PEOPLE_MESSAGES.resetUsed]);

    await api().get('/api/sessao').set('Cookie', before).expect(401);
    await signIn('bruno@clinica.com.br', PASSWORD).expect(403);
    await signIn('bruno@clinica.com.br', NEW_PASSWORD).expect(200);

    // Nothing went to the unknown address, nor to a deactivated person.
    await person('Carla Dias', 'carla@clinica.com.br');
    const carla = (await t.repo.people.findByEmail('carla@clinica.com.br'))!;
    await asAdmin(api().patch(`/api/pessoas/${carla.id}`)).send({ ativo: false }).expect(200);
    expect((await forgot('carla@clinica.com.br').expect(200)).body).toEqual(unknown.body);
    await forgot('bruno@clinica.com.br').expect(200);
    await inbox.next('bruno@clinica.com.br', inbox.received.findIndex((received) => received === mail) + 1);
    const resetsTo = inbox.received.filter((received) => received.subject === mail.subject).flatMap((received) => received.to);
    expect(resetsTo).toEqual(['bruno@clinica.com.br', 'bruno@clinica.com.br']);

    const log = await audit();
    expect(log.filter((entry) => entry.acao === 'pediu-redefinicao').map((entry) => [entry.quem, entry.id_pessoa])).toEqual(
      expect.arrayContaining([
        ['Bruno Costa', id],
        ['ninguem@clinica.com.br', null],
      ]),
    );
    expect(log.find((entry) => entry.acao === 'redefiniu-senha')).toMatchObject({ quem: 'Bruno Costa', id_pessoa: id });
  });

  it('gives administrators a one-time reset link for a person, audited; nobody else may ask for one', async () => {
    const id = await person('Diana Prado', 'diana@clinica.com.br', 'editor');
    const dianaCookie = cookieOf(await signIn('diana@clinica.com.br', PASSWORD).expect(200));
    const refused = await api().post(`/api/pessoas/${id}/redefinicao`).set('Cookie', dianaCookie).set('Origin', SITE_URL).expect(403);
    expect(refused.body.messages).toEqual([PEOPLE_MESSAGES.forbidden]);
    await api().post(`/api/pessoas/${id}/redefinicao`).expect(403);
    expect((await asAdmin(api().post('/api/pessoas/999999/redefinicao')).expect(404)).body.messages).toEqual([PEOPLE_MESSAGES.personNotFound]);

    const issued = await api().post(`/api/pessoas/${id}/redefinicao`).send({ key: TEST_EDITOR_KEY }).expect(200);
    const { redefinicao_url } = issued.body.value as { redefinicao_url: string };
    expect(redefinicao_url).toMatch(new RegExp(`^${SITE_URL}/editor/redefinir-senha/[\\w-]{43}$`));
    await reset(tokenOf(redefinicao_url), NEW_PASSWORD).expect(200);
    expect((await reset(tokenOf(redefinicao_url), NEW_PASSWORD).expect(410)).body.messages).toEqual([PEOPLE_MESSAGES.resetUsed]);
    await api().get('/api/sessao').set('Cookie', dianaCookie).expect(401);
    await signIn('diana@clinica.com.br', NEW_PASSWORD).expect(200);
    expect((await audit()).find((entry) => entry.acao === 'gerou-redefinicao')).toMatchObject({ quem: TEST_EDITOR_AUTHOR, id_pessoa: null });

    await asAdmin(api().patch(`/api/pessoas/${id}`)).send({ ativo: false }).expect(200);
    expect((await asAdmin(api().post(`/api/pessoas/${id}/redefinicao`)).expect(409)).body.messages).toEqual([PEOPLE_MESSAGES.personInactive]);
  });

  it('refuses an expired or unknown reset link with 410, and changes nothing', async () => {
    const id = await person('Elisa Moura', 'elisa@clinica.com.br');
    const anHourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await t.repo.people.issuePasswordReset(id, { token_hash: secretDigest('link-vencido'), expira_em: anHourAgo }, new Date().toISOString());
    expect((await reset('link-vencido', NEW_PASSWORD).expect(410)).body.messages).toEqual([PEOPLE_MESSAGES.resetExpired]);
    expect((await reset('link-que-nunca-existiu', NEW_PASSWORD).expect(410)).body.messages).toEqual([PEOPLE_MESSAGES.resetExpired]);
    await signIn('elisa@clinica.com.br', PASSWORD).expect(200);
  });
});

describe('without a working mail server', () => {
  it('still answers an invitation with its link, and logs the failure and the retry it schedules', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    const t = await createTestApp({ assets: DEV_ASSETS, logger, env: { SITE_URL, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` } });
    try {
      const answer = await request(t.app)
        .post('/api/pessoas/convites')
        .set('Authorization', `Bearer ${TEST_EDITOR_KEY}`)
        .send({ nome: 'Fábio Nunes', email: 'fabio@clinica.com.br', papel: 'autor' })
        .expect(200);
      expect(answer.body.value.convite_url).toMatch(new RegExp(`^${SITE_URL}/editor/convite/[\\w-]{43}$`));
      await expect.poll(() => lines.join(''), { timeout: 15_000 }).toContain('entrega falhou; nova tentativa agendada');
      expect(lines.join('')).not.toContain(tokenOf(answer.body.value.convite_url as string));
    } finally {
      await t.close();
    }
  });

  it('limits "esqueci a senha" per address typed and per client address, and says an administrator hands the links over', async () => {
    const t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL, EDITOR_KEY_MAX_FAILURES: '5' } });
    try {
      const forgot = (email: string) => request(t.app).post('/api/pessoas/senha/esqueci').send({ email });
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await forgot('gil@clinica.com.br').expect(200)).body.value).toEqual({ mensagem: PEOPLE_MESSAGES.resetByAdministrator });
      }
      const perEmail = await forgot('GIL@clinica.com.br').expect(429);
      expect(perEmail.body.messages).toEqual([PEOPLE_MESSAGES.tooManyResetRequests]);
      expect(Number(perEmail.headers['retry-after'])).toBeGreaterThan(0);
      await forgot('hugo@clinica.com.br').expect(200);
      await forgot('iara@clinica.com.br').expect(200);
      expect((await forgot('joao@clinica.com.br').expect(429)).body.messages).toEqual([PEOPLE_MESSAGES.tooManyResetRequests]);
    } finally {
      await t.close();
    }
  });
});
