import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIAL_MESSAGES } from '../../src/people/credentials.js';
import { PEOPLE_MESSAGES } from '../../src/people/messages.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { validateHtml } from '../support/vnu.js';

const SITE_URL = 'https://www.prontivo.test';
const ORIGIN = { Origin: SITE_URL };
const PASSWORD = 'jabuticaba azul no telhado';
const NEW_PASSWORD = 'maracujá roxo na varanda';

/** The account, people and audit pages as plain forms (no script): what each answers, and valid HTML. */
describe('account, people and audit pages', () => {
  let t: TestApp;
  let admin: string;
  const documents: Record<string, string> = {};

  const cookieOf = (res: request.Response) => [res.headers['set-cookie']].flat()[0]!.split(';')[0]!;
  const form = (path: string, cookie: string, fields: object) => request(t.app).post(path).set('Cookie', cookie).set(ORIGIN).type('form').send(fields);

  async function person(nome: string, email: string, papel: string): Promise<{ id: number; cookie: string }> {
    const invited = await request(t.app).post('/api/pessoas/convites').set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).send({ nome, email, papel }).expect(200);
    const token = new URL(invited.body.value.convite_url as string).pathname.split('/').at(-1)!;
    await request(t.app).post(`/api/pessoas/convites/${token}`).send({ senha: PASSWORD }).expect(200);
    const signedIn = await request(t.app).post('/api/sessao').send({ email, senha: PASSWORD }).expect(200);
    return { id: invited.body.value.id as number, cookie: cookieOf(signedIn) };
  }

  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL } });
    admin = cookieOf(await request(t.app).post('/editor/entrar').set(ORIGIN).type('form').send({ chave: TEST_EDITOR_KEY }).expect(303));
  });
  afterAll(() => t.close());

  it('lets a person change their name, their e-mail (with the current password) and their password', async () => {
    const { cookie } = await person('Helena Duarte', 'helena@clinica.com.br', 'autor');
    const page = await request(t.app).get('/editor/conta').set('Cookie', cookie).expect(200);
    expect(page.text).toContain('<h1 id="conta-titulo">Minha conta</h1>');
    expect(page.text).toContain('Helena Duarte · Autor');
    expect(page.text).toContain('Nenhuma chave de acesso cadastrada.');
    documents['conta'] = page.text;

    const noPassword = await form('/editor/conta', cookie, { acao: 'dados', nome: 'Helena D.', email: 'helena.duarte@clinica.com.br' }).expect(400);
    expect(noPassword.text).toContain(PEOPLE_MESSAGES.currentPasswordForEmail);
    expect(noPassword.text).toContain('value="helena.duarte@clinica.com.br"');
    documents['conta com erro'] = noPassword.text;
    await form('/editor/conta', cookie, { acao: 'dados', nome: 'Helena D.', email: 'helena.duarte@clinica.com.br', senha_atual: 'errada errada' }).expect(403);
    await form('/editor/conta', cookie, { acao: 'dados', nome: 'Helena Duarte Lima', email: 'helena@clinica.com.br' })
      .expect(303)
      .expect('Location', '/editor/conta?feito=dados');
    expect((await request(t.app).get('/editor').set('Cookie', cookie)).text).toContain('Conectado como <strong>Helena Duarte Lima</strong>');
    await form('/editor/conta', cookie, { acao: 'dados', nome: 'Helena Duarte Lima', email: 'helena.duarte@clinica.com.br', senha_atual: PASSWORD }).expect(303);

    const weak = await form('/editor/conta', cookie, { acao: 'senha', senha_atual: PASSWORD, senha_nova: 'helena123456', senha_repetida: 'helena123456' }).expect(400);
    expect(weak.text).toContain(PEOPLE_MESSAGES.passwordPersonal);
    const differ = await form('/editor/conta', cookie, { acao: 'senha', senha_atual: PASSWORD, senha_nova: NEW_PASSWORD, senha_repetida: 'outra coisa' }).expect(400);
    expect(differ.text).toContain(PEOPLE_MESSAGES.passwordsDiffer);
    const wrong = await form('/editor/conta', cookie, { acao: 'senha', senha_atual: 'não é esta', senha_nova: NEW_PASSWORD, senha_repetida: NEW_PASSWORD }).expect(403);
    expect(wrong.text).toContain(PEOPLE_MESSAGES.confirmationRefused);

    // Whoever else knew the old password: a session on another computer, and a key made with it.
    const other = cookieOf(await request(t.app).post('/api/sessao').send({ email: 'helena.duarte@clinica.com.br', senha: PASSWORD }).expect(200));
    const made = await form('/editor/conta', other, { acao: 'criar-chave', nome: 'Script do outro computador', senha_atual: PASSWORD }).expect(200);
    const otherKey = /id="conta-chave-nova"[^>]*value="(prv_[^"]+)"/.exec(made.text)![1]!;
    await request(t.app).post('/api/artigos/lista').set('Authorization', `Bearer ${otherKey}`).send({ pageIndex: 1, pageSize: 5 }).expect(200);

    const changed = await form('/editor/conta', cookie, { acao: 'senha', senha_atual: PASSWORD, senha_nova: NEW_PASSWORD, senha_repetida: NEW_PASSWORD }).expect(200);
    expect(changed.text).toContain('Senha trocada. As outras sessões da sua conta foram encerradas, e estas chaves de API foram revogadas: “Script do outro computador”.');
    expect(changed.text).toContain('Script do outro computador (revogada)');
    expect(changed.text).toContain('Revogada com a troca de senha em');
    documents['conta com chave revogada'] = changed.text;
    expect((await request(t.app).get('/editor').set('Cookie', other)).status).toBe(303);
    await request(t.app).post('/api/artigos/lista').set('Authorization', `Bearer ${otherKey}`).send({ pageIndex: 1, pageSize: 5 }).expect(403);
    await request(t.app).get('/editor').set('Cookie', cookie).expect(200);
    const later = await request(t.app).get('/editor/conta').set('Cookie', cookie).expect(200);
    expect(later.text).toContain('Script do outro computador (revogada)');
    const revokedId = /name="acao" value="esquecer-chave"\/><input type="hidden" name="id" value="(\d+)"/.exec(later.text)![1]!;
    await form('/editor/conta', cookie, { acao: 'esquecer-chave', id: revokedId }).expect(303).expect('Location', '/editor/conta?feito=chave-esquecida');
    expect((await request(t.app).get('/editor/conta').set('Cookie', cookie).expect(200)).text).toContain('Nenhuma chave de API criada.');

    await request(t.app).post('/api/sessao').send({ email: 'helena.duarte@clinica.com.br', senha: PASSWORD }).expect(403);
    await request(t.app).post('/api/sessao').send({ email: 'helena.duarte@clinica.com.br', senha: NEW_PASSWORD }).expect(200);
    await request(t.app).post('/editor/conta').set('Cookie', cookie).set('Origin', 'https://mal.example').type('form').send({ acao: 'senha' }).expect(403);
  });

  it('creates a personal API key shown once, revokes it, and lists and ends the person’s sessions', async () => {
    const { cookie } = await person('Íris Nogueira', 'iris@clinica.com.br', 'editor');
    const phone = cookieOf(
      await request(t.app)
        .post('/api/sessao')
        .set('User-Agent', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1')
        .send({ email: 'iris@clinica.com.br', senha: PASSWORD })
        .expect(200),
    );
    const page = await request(t.app).get('/editor/conta').set('Cookie', cookie).expect(200);
    expect(page.text).toContain('Nenhuma chave de API criada.');
    expect(page.text).toContain('Safari no iPhone');
    expect(page.text).toContain('Esta sessão');

    const empty = await form('/editor/conta', cookie, { acao: 'criar-chave', nome: '  ', senha_atual: PASSWORD }).expect(400);
    expect(empty.text).toContain(PEOPLE_MESSAGES.keyNameMissing);
    // "Confirme que é você": a session alone does not make a key.
    for (const senha_atual of [undefined, 'não é a senha dela']) {
      const refused = await form('/editor/conta', cookie, { acao: 'criar-chave', nome: 'Integração da agenda', ...(senha_atual ? { senha_atual } : {}) }).expect(403);
      expect(refused.text).toContain(PEOPLE_MESSAGES.confirmationRefused);
      expect(refused.text).not.toContain('conta-chave-nova');
    }
    expect(page.text).toContain('Confirme que é você: sua senha atual');
    expect(await t.repo.personalKeys.list((await t.repo.people.findByEmail('iris@clinica.com.br'))!.id)).toEqual([]);
    const created = await form('/editor/conta', cookie, { acao: 'criar-chave', nome: 'Integração da agenda', senha_atual: PASSWORD }).expect(200);
    const key = /id="conta-chave-nova"[^>]*value="(prv_[^"]+)"/.exec(created.text)?.[1];
    expect(key).toBeDefined();
    expect(created.text).toContain('Copie agora: ela não será mostrada de novo.');
    documents['conta com chave nova'] = created.text;
    const again = await request(t.app).get('/editor/conta').set('Cookie', cookie).expect(200);
    expect(again.text).toContain('Integração da agenda');
    expect(again.text).not.toContain(key!);
    documents['conta com chaves e sessões'] = again.text;
    await request(t.app).post('/api/artigos/lista').set('Authorization', `Bearer ${key}`).send({ pageIndex: 1, pageSize: 5 }).expect(200);

    const keyId = (await t.repo.personalKeys.list((await t.repo.people.findByEmail('iris@clinica.com.br'))!.id))[0]!.id;
    await form('/editor/conta', cookie, { acao: 'revogar-chave', id: String(keyId) }).expect(303).expect('Location', '/editor/conta?feito=chave-revogada');
    await request(t.app).post('/api/artigos/lista').set('Authorization', `Bearer ${key}`).send({ pageIndex: 1, pageSize: 5 }).expect(403);
    await form('/editor/conta', cookie, { acao: 'revogar-chave', id: String(keyId) }).expect(400);

    const phoneSession = /name="id" value="([0-9a-f]{64})"/.exec(again.text)?.[1];
    expect(phoneSession).toBeDefined();
    await request(t.app).get('/editor').set('Cookie', phone).expect(200);
    await form('/editor/conta', cookie, { acao: 'encerrar-sessao', id: phoneSession! }).expect(303).expect('Location', '/editor/conta?feito=sessao-encerrada');
    expect((await request(t.app).get('/editor').set('Cookie', phone)).status).toBe(303);
    const after = await request(t.app).get('/editor/conta?feito=sessao-encerrada').set('Cookie', cookie).expect(200);
    expect(after.text).not.toContain('Safari no iPhone');
    expect(after.text).toContain('Sessão encerrada');
  });

  it('saves a public profile with the council registration and specialties, refusing what CFM’s rules do not allow', async () => {
    const { cookie } = await person('Ana Souza', 'ana.souza@clinica.com.br', 'autor');
    const page = await request(t.app).get('/editor/conta').set('Cookie', cookie).expect(200);
    expect(page.text).toContain('<h2 id="conta-perfil">Perfil público</h2>');
    expect(page.text).toContain('value="ana-souza"');
    const profile = {
      acao: 'perfil',
      tratamento: 'Dra.',
      nome_publico: 'Ana Souza',
      slug: '',
      profissao: 'médica',
      conselho: 'CRM',
      registro: '123456',
      uf: 'SP',
      especialidade_0: 'Dermatologia',
      rqe_0: '7890',
      bio: 'Dermatologista em São Paulo.',
    };
    const noCrm = await form('/editor/conta', cookie, { ...profile, conselho: '', registro: '', uf: '', especialidade_0: '', rqe_0: '' }).expect(400);
    expect(noCrm.text).toContain(CREDENTIAL_MESSAGES.doctorNeedsCrm);
    expect(noCrm.text).toContain('Dermatologista em São Paulo.');
    documents['conta com perfil recusado'] = noCrm.text;
    const badRegistration = await form('/editor/conta', cookie, { ...profile, registro: '12345678' }).expect(400);
    expect(badRegistration.text).toContain(CREDENTIAL_MESSAGES.registrationInvalid);

    await form('/editor/conta', cookie, profile).expect(303).expect('Location', '/editor/conta?feito=perfil');
    const saved = await request(t.app).get('/editor/conta?feito=perfil').set('Cookie', cookie).expect(200);
    expect(saved.text).toContain('Assinatura: <strong>Dra. Ana Souza — MÉDICA — CRM/SP 123456 — Dermatologia — RQE nº 7890</strong>');
    documents['conta com perfil'] = saved.text;

    const anaId = (await t.repo.people.findByEmail('ana.souza@clinica.com.br'))!.id;
    const byAdmin = await request(t.app).get(`/editor/pessoas/${anaId}/perfil`).set('Cookie', admin).expect(200);
    expect(byAdmin.text).toContain('Perfil público de Ana Souza');
    expect(byAdmin.text).toContain('Assinatura: <strong>Dra. Ana Souza — MÉDICA — CRM/SP 123456 — Dermatologia — RQE nº 7890</strong>');
    documents['perfil de outra pessoa'] = byAdmin.text;
    await form(`/editor/pessoas/${anaId}/perfil`, admin, { ...profile, bio: 'Revisado pela administração.' }).expect(303).expect('Location', `/editor/pessoas/${anaId}/perfil?salvo`);
    expect((await t.repo.profiles.get(anaId))?.bio).toBe('Revisado pela administração.');
    expect((await form(`/editor/pessoas/${anaId}/perfil`, admin, { ...profile, registro: 'x' }).expect(400)).text).toContain(CREDENTIAL_MESSAGES.registrationInvalid);
    await request(t.app).get('/editor/pessoas/999999/perfil').set('Cookie', admin).expect(404);
    const own = await request(t.app).get(`/editor/pessoas/${anaId}/perfil`).set('Cookie', cookie).expect(403);
    expect(own.text).toContain(PEOPLE_MESSAGES.forbidden);
    await form(`/editor/pessoas/${anaId}/perfil`, cookie, profile).expect(403);

    const other = await person('Ana Souza Lima', 'ana.lima@clinica.com.br', 'autor');
    const taken = await form('/editor/conta', other.cookie, { ...profile, nome_publico: 'Ana Souza Lima', slug: 'ana-souza' }).expect(409);
    expect(taken.text).toContain(CREDENTIAL_MESSAGES.slugTaken);
  });

  it('says to a configured key that it is no person, on its account page', async () => {
    const page = await request(t.app).get('/editor/conta').set('Cookie', admin).expect(200);
    expect(page.text).toContain('Você entrou com uma chave de editor configurada no servidor');
    expect(page.text).not.toContain('name="senha_nova"');
  });

  it('lets administrators invite, change roles, deactivate and require passkeys; others see only a refusal', async () => {
    const invited = await form('/editor/pessoas', admin, { acao: 'convidar', nome: 'Igor Mendes', email: 'igor@clinica.com.br', papel: 'editor' }).expect(200);
    expect(invited.text).toContain('Convite criado para Igor Mendes.');
    const link = /id="convite-link" class="area-copy" type="text" readonly="" value="([^"]+)"/.exec(invited.text)?.[1];
    expect(link).toMatch(new RegExp(`^${SITE_URL}/editor/convite/[\\w-]{43}$`));
    documents['pessoas com convite'] = invited.text;
    const taken = await form('/editor/pessoas', admin, { acao: 'convidar', nome: 'Outro Igor', email: 'IGOR@clinica.com.br', papel: 'autor' }).expect(409);
    expect(taken.text).toContain(PEOPLE_MESSAGES.emailTaken);
    await form('/editor/pessoas', admin, { acao: 'convidar', nome: '', email: 'x', papel: 'autor' }).expect(400);

    const { id, cookie } = await person('Joana Reis', 'joana@clinica.com.br', 'colaborador');
    for (const path of ['/editor/pessoas', '/editor/auditoria']) {
      const refused = await request(t.app).get(path).set('Cookie', cookie).expect(403);
      expect(refused.text).toContain(PEOPLE_MESSAGES.forbidden);
      expect(refused.text).not.toContain('igor@clinica.com.br');
      expect(refused.text).not.toContain('<a href="/editor/pessoas"');
    }
    await form('/editor/pessoas', cookie, { acao: 'papel', id, papel: 'administrador' }).expect(403);
    expect((await t.repo.people.get(id))?.papel).toBe('colaborador');

    await form('/editor/pessoas', admin, { acao: 'papel', id, papel: 'autor' }).expect(303).expect('Location', '/editor/pessoas?feito=pessoa');
    expect((await t.repo.people.get(id))?.papel).toBe('autor');
    await form('/editor/pessoas', admin, { acao: 'passkey', papeis: ['revisor', 'administrador'] }).expect(303);
    expect(await t.repo.passkeys.requiredRoles()).toEqual(['administrador', 'revisor']);
    const list = await request(t.app).get('/editor/pessoas?feito=pessoa').set('Cookie', admin).expect(200);
    expect(list.text).toContain('Alteração salva.');
    expect(list.text).toMatch(/<input type="checkbox" name="papeis" checked="" value="revisor"\/>/);
    documents['pessoas'] = list.text;

    await form('/editor/pessoas', admin, { acao: 'ativo', id, ativo: 'nao' }).expect(303);
    await request(t.app).get('/editor').set('Cookie', cookie).expect(303);
    await form('/editor/pessoas', admin, { acao: 'passkey' }).expect(303);
    expect(await t.repo.passkeys.requiredRoles()).toEqual([]);
  });

  it('lists the audit log newest first, filtered by person and action, on São Paulo time', async () => {
    const all = await request(t.app).get('/editor/auditoria').set('Cookie', admin).expect(200);
    expect(all.text).toMatch(/\d+ registros/);
    documents['auditoria'] = all.text;
    const people = await t.repo.people.list();
    const joana = people.find((entry) => entry.nome === 'Joana Reis')!;
    const hers = await request(t.app).get(`/editor/auditoria?pessoa=${joana.id}&acao=entrou`).set('Cookie', admin).expect(200);
    expect([...hers.text.matchAll(/<p class="area-item-title"><strong>([^<]+)<\/strong> · ([^<]+)<\/p>/g)].map((match) => `${match[1]} · ${match[2]}`)).toEqual([
      'Entrou · Joana Reis',
    ]);
    const entry = (await t.repo.audit.list({ pageIndex: 1, pageSize: 1, id_pessoa: joana.id, acao: 'entrou' })).items[0]!;
    const saoPaulo = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
    expect(hers.text).toContain(`<time dateTime="${entry.quando}">${saoPaulo.format(new Date(entry.quando))}</time>`);
    documents['auditoria filtrada'] = hers.text;
    const nothing = await request(t.app).get('/editor/auditoria?acao=nada').set('Cookie', admin).expect(200);
    expect(nothing.text).toContain('Nenhum registro com esses filtros.');
  });

  it('writes valid HTML on each of these pages (W3C checker)', async () => {
    expect(Object.keys(documents).length).toBeGreaterThanOrEqual(6);
    const errors = await validateHtml(documents);
    for (const [name, messages] of Object.entries(errors)) expect(messages, name).toEqual([]);
  });
});
