import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PEOPLE_MESSAGES } from '../../src/people/messages.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.js';

const SITE_URL = 'https://www.prontivo.test';
const PASSWORD = 'jabuticaba azul no telhado';
const postgresUrl = inject('postgresUrl');
const backends = postgresUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

describe.each(backends)('chaves de API pessoais e sessões (%s)', (backend) => {
  let t: TestApp;
  let database: ScratchDatabase | undefined;
  beforeAll(async () => {
    database = backend === 'postgres' ? await createScratchDatabase(postgresUrl!) : undefined;
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL, EDITOR_KEY_MAX_FAILURES: '3', ...(database ? { DATABASE_URL: database.url } : {}) } });
  });
  afterAll(async () => {
    await t.close();
    await database?.drop();
  });

  const api = () => request(t.app);
  const admin = (req: request.Test) => req.set('Authorization', `Bearer ${TEST_EDITOR_KEY}`);
  const cookieOf = (res: request.Response) => [res.headers['set-cookie']].flat()[0]!.split(';')[0]!;
  const article = (titulo_url: string, extra: object = {}) => ({
    titulo: `Artigo ${titulo_url}`,
    titulo_url,
    descricao: 'Resumo do artigo.',
    keywords: 'prontuário',
    conteudo: '<p>Texto do artigo.</p>',
    ...extra,
  });

  /** Invites, accepts and signs in a person: their id and a session cookie opened from `browser`. */
  async function person(papel: string, name: string, browser = 'Mozilla/5.0 (Macintosh) Firefox/140.0') {
    const email = `${name}@clinica.com.br`;
    const invited = (await admin(api().post('/api/pessoas/convites')).send({ nome: `Pessoa ${name}`, email, papel }).expect(200)).body.value as { id: number; convite_url: string };
    await api().post(`/api/pessoas/convites/${new URL(invited.convite_url).pathname.split('/').at(-1)!}`).send({ senha: PASSWORD }).expect(200);
    const cookie = cookieOf(await api().post('/api/sessao').set('User-Agent', browser).send({ email, senha: PASSWORD }).expect(200));
    const as = (req: request.Test) => req.set('Cookie', cookie).set('Origin', SITE_URL);
    return { id: invited.id, email, cookie, as };
  }

  it('creates a key shown once, usable as the key field and as Bearer with the person’s role, and revoked at once', async () => {
    const ana = await person('colaborador', 'ana-chaves');
    // "Confirme que é você": the session alone makes no key.
    const unconfirmed = await ana.as(api().post('/api/pessoas/eu/chaves')).send({ nome: 'Integração da agenda' }).expect(400);
    expect(unconfirmed.body.messages).toEqual([PEOPLE_MESSAGES.confirmationMissing]);
    const wrong = await ana.as(api().post('/api/pessoas/eu/chaves')).set('X-Forwarded-For', '203.0.113.91').send({ nome: 'Integração da agenda', senha_atual: 'não é a senha dela' }).expect(403);
    expect(wrong.body.messages).toEqual([PEOPLE_MESSAGES.confirmationRefused]);
    expect((await ana.as(api().get('/api/pessoas/eu/chaves')).expect(200)).body.value).toEqual([]);
    const created = (await ana.as(api().post('/api/pessoas/eu/chaves')).send({ nome: 'Integração da agenda', senha_atual: PASSWORD }).expect(200)).body.value as {
      id: number;
      nome: string;
      chave: string;
      usada_em: string | null;
    };
    expect(created).toMatchObject({ nome: 'Integração da agenda', usada_em: null });
    expect(created.chave).toMatch(/^prv_[A-Za-z0-9_-]{43}$/);
    const listed = (await ana.as(api().get('/api/pessoas/eu/chaves')).expect(200)).body.value as object[];
    expect(listed).toEqual([{ id: created.id, nome: 'Integração da agenda', criada_em: expect.any(String), usada_em: null, revogada_em: null, revogada_por: null }]);
    expect(JSON.stringify(listed)).not.toContain(created.chave);

    // The key acts as Ana, a colaboradora: a draft yes, a publication no.
    const draft = (await api().post('/api/artigos/novo').send({ ...article('rascunho-por-chave', { status: 'rascunho' }), key: created.chave }).expect(200)).body.value as number;
    expect(await t.repo.articles.get(draft)).toMatchObject({ autor: 'Pessoa ana-chaves', id_criador: ana.id });
    const refused = await api().post(`/api/artigos/${draft}/status`).set('Authorization', `Bearer ${created.chave}`).send({ status: 'publicado' }).expect(403);
    expect(refused.body.messages).toEqual([PEOPLE_MESSAGES.forbidden]);
    await api().get(`/api/artigos/${draft}`).set('Authorization', `Bearer ${created.chave}`).expect(200);
    expect(((await ana.as(api().get('/api/pessoas/eu/chaves')).expect(200)).body.value as { usada_em: string | null }[])[0]!.usada_em).toEqual(expect.any(String));

    // A key cannot manage keys or sessions: a leaked one must not mint more.
    const byKey = await api().post('/api/pessoas/eu/chaves').set('Authorization', `Bearer ${created.chave}`).send({ nome: 'Outra', senha_atual: PASSWORD }).expect(403);
    expect(byKey.body.messages).toEqual([PEOPLE_MESSAGES.sessionOnly]);
    await admin(api().post('/api/pessoas/eu/chaves')).send({ nome: 'Da chave do servidor', senha_atual: PASSWORD }).expect(403);

    await ana.as(api().delete(`/api/pessoas/eu/chaves/${created.id}`)).expect(200);
    await api().post('/api/artigos/novo').set('Authorization', `Bearer ${created.chave}`).send(article('depois-de-revogada', { status: 'rascunho' })).expect(403);
    await ana.as(api().delete(`/api/pessoas/eu/chaves/${created.id}`)).expect(404);

    const log = (await admin(api().get(`/api/auditoria?pageSize=100&pessoa=${ana.id}`)).expect(200)).body.value as { items: { acao: string }[] };
    expect(log.items.map((item) => item.acao)).toEqual(expect.arrayContaining(['criou-chave', 'criou', 'revogou-chave']));
  });

  it('refuses another person’s key id, counts wrong personal keys like wrong editor keys, and ends keys with a deactivation', async () => {
    const bia = await person('autor', 'bia-chaves');
    const caio = await person('editor', 'caio-chaves');
    const biaKey = (await bia.as(api().post('/api/pessoas/eu/chaves')).send({ nome: 'Script', senha_atual: PASSWORD }).expect(200)).body.value as { id: number; chave: string };
    await caio.as(api().delete(`/api/pessoas/eu/chaves/${biaKey.id}`)).expect(404);
    await api().post('/api/artigos/novo').set('Authorization', `Bearer ${biaKey.chave}`).send(article('da-bia')).expect(200);

    await admin(api().patch(`/api/pessoas/${bia.id}`)).send({ ativo: false }).expect(200);
    await api().post('/api/artigos/novo').set('Authorization', `Bearer ${biaKey.chave}`).send(article('depois-de-desativada')).expect(403);

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push((await api().post('/api/artigos/novo').set('X-Forwarded-For', '203.0.113.77').set('Authorization', `Bearer prv_adivinhada${attempt}`).send(article(`chute-${attempt}`))).status);
    }
    expect(statuses).toEqual([403, 403, 403, 429]);
  });

  it('revives nothing on reactivation: a deactivation deleted the sessions and revoked the keys', async () => {
    const flor = await person('autor', 'flor-reativada');
    const key = (await flor.as(api().post('/api/pessoas/eu/chaves')).send({ nome: 'Agenda', senha_atual: PASSWORD }).expect(200)).body.value as { id: number; chave: string };
    await admin(api().patch(`/api/pessoas/${flor.id}`)).send({ ativo: false }).expect(200);
    await admin(api().patch(`/api/pessoas/${flor.id}`)).send({ ativo: true }).expect(200);

    await api().get('/api/sessao').set('Cookie', flor.cookie).expect(401);
    // From an address of its own: a refused key counts against the address it came from.
    await api().post('/api/artigos/novo').set('X-Forwarded-For', '203.0.113.81').set('Authorization', `Bearer ${key.chave}`).send(article('depois-de-reativada', { status: 'rascunho' })).expect(403);
    const signedIn = cookieOf(await api().post('/api/sessao').send({ email: flor.email, senha: PASSWORD }).expect(200));
    const keys = (await api().get('/api/pessoas/eu/chaves').set('Cookie', signedIn).expect(200)).body.value as object[];
    expect(keys).toEqual([expect.objectContaining({ id: key.id, nome: 'Agenda', revogada_em: expect.any(String), revogada_por: 'desativacao' })]);
  });

  it('ends every session and revokes the keys made before a password reset, saying which in the answer', async () => {
    const gil = await person('editor', 'gil-redefinicao');
    const key = (await gil.as(api().post('/api/pessoas/eu/chaves')).send({ nome: 'Publicador', senha_atual: PASSWORD }).expect(200)).body.value as { id: number; chave: string };
    const link = (await admin(api().post(`/api/pessoas/${gil.id}/redefinicao`)).send({}).expect(200)).body.value as { redefinicao_url: string };
    const token = new URL(link.redefinicao_url).pathname.split('/').at(-1)!;
    const reset = (await api().post(`/api/pessoas/redefinicoes/${token}`).send({ senha: 'maracujá roxo na varanda' }).expect(200)).body.value as { chaves_revogadas: object[] };
    expect(reset.chaves_revogadas).toEqual([expect.objectContaining({ id: key.id, nome: 'Publicador', revogada_por: 'redefinicao-de-senha' })]);
    await api().get('/api/sessao').set('Cookie', gil.cookie).expect(401);
    await api().post('/api/artigos/novo').set('X-Forwarded-For', '203.0.113.82').set('Authorization', `Bearer ${key.chave}`).send(article('depois-da-redefinicao', { status: 'rascunho' })).expect(403);
  });

  it('asks for the current password before a passkey ceremony begins and with its answer', async () => {
    const hugo = await person('editor', 'hugo-passkey');
    const missing = await hugo.as(api().post('/api/pessoas/eu/passkeys/opcoes')).send({}).expect(400);
    expect(missing.body.messages).toEqual([PEOPLE_MESSAGES.confirmationMissing]);
    const wrong = await hugo.as(api().post('/api/pessoas/eu/passkeys/opcoes')).set('X-Forwarded-For', '203.0.113.92').send({ senha_atual: 'não é a dele' }).expect(403);
    expect(wrong.body.messages).toEqual([PEOPLE_MESSAGES.confirmationRefused]);
    const options = (await hugo.as(api().post('/api/pessoas/eu/passkeys/opcoes')).send({ senha_atual: PASSWORD }).expect(200)).body.value as { challenge: string };
    expect(options.challenge).toEqual(expect.any(String));
    const answer = { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'e30' }, clientExtensionResults: {} };
    const refused = await hugo.as(api().post('/api/pessoas/eu/passkeys')).set('X-Forwarded-For', '203.0.113.93').send({ nome: 'Celular', senha_atual: 'não é a dele', resposta: answer }).expect(403);
    expect(refused.body.messages).toEqual([PEOPLE_MESSAGES.confirmationRefused]);
    await hugo.as(api().post('/api/pessoas/eu/passkeys')).send({ nome: 'Celular', resposta: answer }).expect(400);
    const log = (await admin(api().get(`/api/auditoria?pageSize=100&pessoa=${hugo.id}&acao=confirmacao-recusada`)).expect(200)).body.value as { total: number };
    expect(log.total).toBe(2);
  });

  it('lists the person’s open sessions with method, address and browser, ends another one, and DELETE /sessao ends this one', async () => {
    const dora = await person('editor', 'dora-sessoes', 'Mozilla/5.0 (iPhone) Safari/605.1');
    const second = cookieOf(await api().post('/api/sessao').set('User-Agent', 'Mozilla/5.0 (Windows NT 10.0) Chrome/142.0').send({ email: dora.email, senha: PASSWORD }).expect(200));
    const sessions = (await dora.as(api().get('/api/pessoas/eu/sessoes')).expect(200)).body.value as { id: string; metodo: string; navegador: string; endereco: string; atual: boolean }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.map((session) => [session.metodo, session.navegador, session.atual])).toEqual(
      expect.arrayContaining([
        ['senha', 'Mozilla/5.0 (iPhone) Safari/605.1', true],
        ['senha', 'Mozilla/5.0 (Windows NT 10.0) Chrome/142.0', false],
      ]),
    );
    expect(sessions.every((session) => session.endereco)).toBe(true);
    const other = sessions.find((session) => !session.atual)!;

    const eve = await person('editor', 'eve-sessoes');
    await eve.as(api().delete(`/api/pessoas/eu/sessoes/${other.id}`)).expect(404);
    await api().get('/api/sessao').set('Cookie', second).expect(200);

    await dora.as(api().delete(`/api/pessoas/eu/sessoes/${other.id}`)).expect(200);
    await api().get('/api/sessao').set('Cookie', second).expect(401);
    await dora.as(api().delete('/api/pessoas/eu/sessoes/nao-e-um-id')).expect(400);

    const ended = await dora.as(api().delete('/api/sessao')).expect(200);
    expect(String(ended.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    await api().get('/api/sessao').set('Cookie', dora.cookie).expect(401);
    const log = (await admin(api().get(`/api/auditoria?pageSize=100&pessoa=${dora.id}`)).expect(200)).body.value as { items: { acao: string }[] };
    expect(log.items.map((item) => item.acao)).toEqual(expect.arrayContaining(['encerrou-sessao', 'saiu']));
  });
});
