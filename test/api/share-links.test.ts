import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../src/people/roles.js';
import { secretDigest } from '../../src/lib/secret-token.js';
import { SHARE_MESSAGES } from '../../src/workflow/share-links.js';
import { createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';

const SITE_URL = 'https://www.prontivo.test';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const UNFURLERS = [
  'WhatsApp/2.23.20.0 A',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'TelegramBot (like TwitterBot)',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/100.0.4896.127 Safari/537.36 Edg/100.0.1185.50 OneOutlook/1.2022.429.100 MicrosoftPreview',
];

/** Share links (issue 33): a read-only version for someone without an account. */
describe('links de prévia para quem não tem conta', () => {
  let t: TestApp;
  const keys: Record<string, string> = {};

  async function person(name: string, papel: Role) {
    const invited = await t.repo.people.invite({ nome: name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@clinica.com.br`, papel }, { token_hash: `convite-${name}`, expira_em: new Date(Date.now() + 86_400_000).toISOString() });
    const key = `prv_teste_${name.replace(/\W+/g, '')}`;
    await t.repo.personalKeys.create(invited.id, 'testes', secretDigest(key), new Date().toISOString());
    keys[name] = key;
  }

  const api = () => request(t.app);
  const as = (name: string, req: request.Test) => req.set('Authorization', `Bearer ${keys[name]}`);
  const asAdmin = (req: request.Test) => req.set('Authorization', `Bearer ${TEST_EDITOR_KEY}`);
  const draft = async (titulo: string) =>
    (
      await asAdmin(api().post('/api/artigos/novo'))
        .send({ titulo, titulo_url: 'rascunho-compartilhado', descricao: 'Um texto em preparação.', keywords: 'vacinas', conteudo: '<p>Texto da primeira versão.</p>', status: 'rascunho' })
        .expect(200)
    ).body.value as number;
  const share = async (id: number, body: object = {}) => (await asAdmin(api().post(`/api/artigos/${id}/previas`)).send(body).expect(200)).body.value as { id: number; url: string; expira_em: string };
  const pathOf = (url: string) => new URL(url).pathname;
  const open = (url: string, userAgent = BROWSER) => api().get(pathOf(url)).set('User-Agent', userAgent);

  beforeAll(async () => {
    t = await createTestApp({ env: { SITE_URL } });
    await person('Edu Rocha', 'editor');
    await person('Carla Dias', 'colaborador');
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  it('makes a 256-bit link stored only as its hash, pinned to the version it was made from, marked and never indexed or cached', async () => {
    const id = await draft('Vacinas na gestação: o que muda');
    const link = await share(id);
    expect(link.url).toMatch(new RegExp(`^${SITE_URL}/previa/[A-Za-z0-9_-]{43}$`));
    const token = pathOf(link.url).split('/').pop()!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const stored = await t.repo.shareLinks.list(id);
    expect(stored).toEqual([{ id: link.id, criado_em: expect.any(String), expira_em: link.expira_em, visualizacoes: 0, max_visualizacoes: null, revogado: false }]);
    expect(await t.repo.shareLinks.find(token)).toBeNull();

    const current = (await asAdmin(api().get(`/api/artigos/${id}`)).expect(200)).body.value as { versao: number };
    await asAdmin(api().put(`/api/artigos/${id}`))
      .send({ titulo: 'Título salvo depois', titulo_url: 'rascunho-compartilhado', descricao: 'Outra.', keywords: 'vacinas', conteudo: '<p>Texto salvo depois do link.</p>', versao: current.versao })
      .expect(200);

    const page = await open(link.url).expect(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.text).toContain('Prévia — não publicado');
    expect(page.text).toMatch(/<meta name="robots" content="noindex[^"]*"/);
    expect(page.text).toContain('Vacinas na gestação: o que muda');
    expect(page.text).toContain('Texto da primeira versão.');
    expect(page.text).not.toContain('Texto salvo depois do link.');
    expect(page.text).not.toContain('Título salvo depois');
    expect(page.text).not.toContain('/editor/');
    // Nobody outside the team converts from a text not yet published: no demonstration invite, no newsletter form.
    expect(page.text).not.toContain('Quer ver o prontuário funcionando?');
    expect(page.text).not.toContain('boletim-artigo');
  });

  it('expires after its days (1 to 30, 7 by default) with a 410 and a message; an unknown token is 404', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-05-01T12:00:00Z'));
    const id = await draft('Prazo da prévia');
    const byDefault = await share(id);
    expect(byDefault.expira_em).toBe('2030-05-08T12:00:00.000Z');
    const oneDay = await share(id, { dias: 1 });
    for (const dias of [0, 31, 2.5, '7']) {
      expect((await asAdmin(api().post(`/api/artigos/${id}/previas`)).send({ dias }).expect(400)).body.messages).toEqual([SHARE_MESSAGES.daysInvalid]);
    }
    await open(oneDay.url).expect(200);
    vi.setSystemTime(new Date('2030-05-02T12:00:00Z'));
    const expired = await open(oneDay.url).expect(410);
    expect(expired.text).toContain(SHARE_MESSAGES.expirada);
    expect(expired.headers['cache-control']).toBe('no-store');
    await open(byDefault.url).expect(200);
    await api().get(`/previa/${'A'.repeat(43)}`).expect(404);
    await api().get('/previa/curto').expect(404);
  });

  it('stops at its maximum of views; link unfurlers and crawlers do not spend one, and the list counts the views', async () => {
    const id = await draft('Limite de visualizações');
    const link = await share(id, { max_visualizacoes: 2 });
    for (const agent of UNFURLERS) await open(link.url, agent).expect(200);
    await api().head(pathOf(link.url)).set('User-Agent', BROWSER).expect(200);
    await open(link.url).expect(200);
    expect((await asAdmin(api().get(`/api/artigos/${id}/previas`)).expect(200)).body.value[0]).toMatchObject({ visualizacoes: 1, max_visualizacoes: 2 });
    await open(link.url).expect(200);
    const spent = await open(link.url).expect(410);
    expect(spent.text).toContain(SHARE_MESSAGES.esgotada);
    expect((await asAdmin(api().get(`/api/artigos/${id}/previas`)).expect(200)).body.value[0]).toMatchObject({ visualizacoes: 2 });
    const audit = await t.repo.audit.list({ pageIndex: 1, pageSize: 50, acao: 'viu-previa' });
    expect(audit.items.filter((entry) => entry.id_artigo === id).map((entry) => JSON.parse(entry.detalhes!).contou as boolean).sort()).toEqual([...UNFURLERS.map(() => false), true, true].sort());
  });

  it('is revoked from the article (410 from then on), audited, and only by who may publish the article', async () => {
    const id = await draft('Revogação');
    const link = await share(id);
    await as('Carla Dias', api().post(`/api/artigos/${id}/previas`)).send({}).expect(404);
    await as('Carla Dias', api().delete(`/api/artigos/${id}/previas/${link.id}`)).expect(404);
    await api().post(`/api/artigos/${id}/previas`).send({}).expect(403);
    await as('Edu Rocha', api().delete(`/api/artigos/${id}/previas/999999`)).expect(404);
    expect((await as('Edu Rocha', api().delete(`/api/artigos/${id}/previas/${link.id}`)).expect(200)).body.value).toEqual({ id: link.id, revogado: true });
    const revoked = await open(link.url).expect(410);
    expect(revoked.text).toContain(SHARE_MESSAGES.revogada);
    expect((await as('Edu Rocha', api().get(`/api/artigos/${id}/previas`)).expect(200)).body.value[0]).toMatchObject({ id: link.id, revogado: true });
    const actions = (await t.repo.audit.list({ pageIndex: 1, pageSize: 100 })).items.filter((entry) => entry.id_artigo === id).map((entry) => entry.acao);
    expect(actions).toEqual(expect.arrayContaining(['criou-previa', 'revogou-previa']));
  });

  it('refuses a published article with no change waiting (409): its public address already serves', async () => {
    const id = (
      await asAdmin(api().post('/api/artigos/novo'))
        .send({ titulo: 'Já publicado', titulo_url: 'ja-publicado', descricao: 'Público.', keywords: 'vacinas', conteudo: '<p>Público.</p>' })
        .expect(200)
    ).body.value as number;
    expect((await asAdmin(api().post(`/api/artigos/${id}/previas`)).send({}).expect(409)).body.messages).toEqual([SHARE_MESSAGES.nothingUnpublished]);
  });

  it("is made, listed and revoked from the article's editor page with plain forms", async () => {
    const signedIn = await api().post('/editor/entrar').set('Origin', SITE_URL).type('form').send({ chave: TEST_EDITOR_KEY, volta: '/editor' }).expect(303);
    const cookie = String(signedIn.headers['set-cookie']?.[0]).split(';')[0]!;
    const id = await draft('Prévia pela página');
    const editPage = await api().get(`/editor/artigos/${id}`).set('Cookie', cookie).expect(200);
    expect(editPage.text).toContain('Prévias para quem não tem conta');
    expect(editPage.text).toContain(`action="/editor/artigos/${id}/previas"`);
    await api().post(`/editor/artigos/${id}/previas`).set('Cookie', cookie).set('Origin', 'https://mal.example').type('form').send({ acao: 'criar', dias: '3' }).expect(403);
    const refused = await api().post(`/editor/artigos/${id}/previas`).set('Cookie', cookie).set('Origin', SITE_URL).type('form').send({ acao: 'criar', dias: '40' }).expect(400);
    expect(refused.text).toContain(SHARE_MESSAGES.daysInvalid);
    const created = await api().post(`/editor/artigos/${id}/previas`).set('Cookie', cookie).set('Origin', SITE_URL).type('form').send({ acao: 'criar', dias: '3', max_visualizacoes: '5' }).expect(200);
    const url = new RegExp(`${SITE_URL}/previa/[A-Za-z0-9_-]{43}`).exec(created.text)![0];
    await open(url).expect(200);
    const [link] = await t.repo.shareLinks.list(id);
    expect(link).toMatchObject({ visualizacoes: 1, max_visualizacoes: 5, revogado: false });
    expect((await api().get(`/editor/artigos/${id}`).set('Cookie', cookie).expect(200)).text).toContain('1 de 5');
    await api().post(`/editor/artigos/${id}/previas`).set('Cookie', cookie).set('Origin', SITE_URL).type('form').send({ acao: 'revogar', previa: String(link!.id) }).expect(200);
    await open(url).expect(410);
  });
});
