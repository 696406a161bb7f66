import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { PAGES } from '../../src/routes/table.js';
import { createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';

const SITE_URL = 'https://www.prontivo.test';

/** Pages for the signed-in team without the bar: the article's preview shows it as readers will see it. */
const WITHOUT_BAR = new Set(['preview', 'editor-rest']);

/** "Revisões (N)" comes with the area's session (issue 33): every page that shows the bar shows the count, current. */
describe('a contagem de revisões na barra de toda página da área', () => {
  let t: TestApp;
  let cookie: string;
  const api = () => request(t.app);
  const asAdmin = (req: request.Test) => req.set('Authorization', `Bearer ${TEST_EDITOR_KEY}`);
  const params: Record<string, string> = { versao: '1' };

  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL } });
    const signIn = await api().post('/editor/entrar').set({ Origin: SITE_URL }).type('form').send({ chave: TEST_EDITOR_KEY, volta: '/editor' }).expect(303);
    cookie = String(signIn.headers['set-cookie']?.[0]).split(';')[0]!;
    const invited = await t.repo.people.invite({ nome: 'Rita Alves', email: 'rita@clinica.com.br', papel: 'editor' }, { token_hash: 'convite-rita', expira_em: new Date(Date.now() + 86_400_000).toISOString() });
    params.pessoa = String(invited.id);
    const now = new Date().toISOString();
    const lead = await t.repo.leads.create(
      { name: 'Dra. Conceição Araújo', email: 'conceicao@clinica.com.br', phone: '(11) 98765-4321', profile: 'medico-consultorio', professionals: null, specialty: 'Pediatria', message: null, origin: { page: '/demonstracao', articleId: null, utm: {} } },
      { requestText: 'Pedido', marketingText: 'Conteúdo', version: 'v1', marketingAccepted: false, at: now, page: '/demonstracao', truncatedAddress: '198.51.100.0' },
      () => [],
      now,
    );
    params.contato = String(lead.id);
  }, 60_000);
  afterAll(() => t?.close());

  const draft = async (titulo_url: string) =>
    (
      await asAdmin(api().post('/api/artigos/novo'))
        .send({ titulo: `Diabetes: ${titulo_url}`, titulo_url, descricao: 'Como acompanhar a glicemia no consultório.', keywords: 'diabetes', conteudo: '<p>Medir a glicemia ajuda a ajustar o tratamento.</p>', clinico: true, status: 'rascunho' })
        .expect(200)
    ).body.value as number;

  /** Every page of the area in the route table (and /novo-artigo, which shows the bar to a session) that answers a GET, its parameters filled with things that exist. */
  const areaPaths = () =>
    PAGES.filter((route) => route.kind === 'private' && route.load !== undefined && (route.session === 'required' || route.id === 'new-article') && !WITHOUT_BAR.has(route.id)).map((route) => {
      const pattern = typeof route.path === 'string' ? route.path : route.path(t.config.site);
      const path = pattern.replace(/:(\w+)/g, (_, name: string) => (name !== 'id' ? params[name]! : route.id === 'person-profile' ? params.pessoa! : route.id === 'lead' ? params.contato! : params.artigo!));
      return { id: route.id, path };
    });

  async function expectCount(expected: number) {
    const { contagem } = (await asAdmin(api().get('/api/revisoes?situacao=vencida')).expect(200)).body.value;
    expect(contagem.vencida + contagem['a-vencer'] + contagem.pendente).toBe(expected);
    const seen: string[] = [];
    for (const { id, path } of areaPaths()) {
      const res = await api().get(path).set('Cookie', cookie);
      expect([id, res.status]).toEqual([id, 200]);
      expect(res.text, id).toContain('class="area-bar"');
      expect(res.text, id).toMatch(new RegExp(`<a href="/editor/revisoes"( aria-current="page")?>Revisões \\(${expected}\\)</a>`));
      seen.push(id);
    }
    return seen;
  }

  it('shows the same N as the queue on every area page, and a new pending review at once', async () => {
    params.artigo = String(await draft('primeiro'));
    const seen = await expectCount(1);
    expect(seen).toEqual(expect.arrayContaining(['editor-list', 'new-article', 'edit-article', 'history', 'compare', 'share-links', 'calendar', 'review-queue', 'account', 'people', 'person-profile', 'audit', 'leads', 'statistics', 'media-library', 'newsletter-editions']));
    await draft('segundo');
    await expectCount(2);
  }, 120_000);
});
