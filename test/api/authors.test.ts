import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createArticle, createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { validateHtml } from '../support/vnu.js';
import { jsonLdOfType } from './news-html.js';

const SITE_URL = 'https://www.prontivo.test';
const LINE = 'Dra. Ana Souza — MÉDICA — CRM/SP 123456 — Dermatologia — RQE nº 7890';

/** Bylines with the council registration, author pages, their feed, and the sitemap of authors. */
describe('autores: assinatura com credenciais, páginas de autor, feed e sitemap', () => {
  let t: TestApp;
  let ana: number;
  let bia: number;
  let articlePath: string;
  const documents: Record<string, string> = {};

  const profile = {
    nome_publico: 'Ana Souza',
    slug: 'ana-souza',
    tratamento: 'Dra.' as const,
    profissao: 'MÉDICA',
    bio: 'Dermatologista em São Paulo, escreve sobre pele e teledermatologia.',
    conselho: 'CRM' as const,
    registro: '123456',
    uf: 'SP' as const,
    especialidades: [{ nome: 'Dermatologia', rqe: '7890' }],
  };

  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL } });
    ana = (await t.repo.people.invite({ nome: 'Ana Souza', email: 'ana@clinica.com.br', papel: 'autor' }, { token_hash: 'a', expira_em: new Date(Date.now() + 86_400_000).toISOString() })).id;
    bia = (await t.repo.people.invite({ nome: 'Bia Melo', email: 'bia@clinica.com.br', papel: 'autor' }, { token_hash: 'b', expira_em: new Date(Date.now() + 86_400_000).toISOString() })).id;
    await t.repo.profiles.save(ana, profile, '2026-11-20T12:00:00.000Z');
    await t.repo.profiles.save(bia, { ...profile, nome_publico: 'Bia Melo', slug: 'bia-melo', tratamento: null, profissao: 'NUTRICIONISTA', conselho: 'CRN', especialidades: [] }, '2026-11-20T12:00:00.000Z');
    for (let index = 1; index <= 13; index += 1) {
      await createArticle(t.repo, { titulo: `Pele no verão ${index}`, titulo_url: `pele-no-verao-${index}`, autor: 'Ana Souza', id_criador: ana, data_publicacao: new Date(Date.UTC(2026, 0, index)).toISOString() });
    }
    await createArticle(t.repo, { titulo: 'Rascunho da Bia', titulo_url: 'rascunho-da-bia', autor: 'Bia Melo', id_criador: bia, status: 'rascunho' });
    const latest = (await t.repo.publicArticles.publicByAuthor(ana, 1, 1)).items[0]!;
    articlePath = (await request(t.app).get(`/noticias/${latest.id}`).expect(301)).headers.location as string;
  });
  afterAll(() => t.close());

  it('signs an article with the public name linking to the author page, the credential line, and the same Person in JSON-LD', async () => {
    const page = await request(t.app).get(articlePath).expect(200);
    expect(page.text).toContain('<a class="article-author" href="/autores/ana-souza">Dra. Ana Souza</a>');
    expect(page.text).toContain(`<p class="article-credential">${LINE}</p>`);
    const author = (jsonLdOfType(page.text, 'NewsArticle').author as Record<string, unknown>[])[0]!;
    expect(author).toEqual({
      '@type': 'Person',
      '@id': `${SITE_URL}/autores/ana-souza#pessoa`,
      name: 'Dra. Ana Souza',
      url: `${SITE_URL}/autores/ana-souza`,
      jobTitle: 'MÉDICA',
      hasCredential: {
        '@type': 'EducationalOccupationalCredential',
        credentialCategory: 'Registro profissional',
        name: 'CRM/SP 123456',
        recognizedBy: { '@type': 'Organization', name: 'Conselho Regional de Medicina (CRM/SP)' },
      },
      knowsAbout: ['Dermatologia'],
    });
    // Everything the JSON-LD says of the person is on the page.
    for (const text of [author.name, author.jobTitle, 'CRM/SP 123456', 'Dermatologia']) expect(page.text).toContain(String(text));
    documents['artigo assinado'] = page.text;
  });

  it('shows the author page: credential, bio, public articles newest first, 12 a page, ProfilePage JSON-LD and a feed', async () => {
    const first = await request(t.app).get('/autores/ana-souza').expect(200);
    expect(first.text).toContain('<h1 id="autor-titulo">Dra. Ana Souza</h1>');
    expect(first.text).toContain(`<p class="author-credential">${LINE}</p>`);
    expect(first.text).toContain(profile.bio);
    expect((first.text.match(/class="news-card-title"/g) ?? []).length).toBe(12);
    expect(first.text.indexOf('Pele no verão 13')).toBeLessThan(first.text.indexOf('Pele no verão 12'));
    expect(first.text).toContain('href="/autores/ana-souza?pagina=2"');
    expect(first.text).toContain(`<link rel="alternate" type="application/rss+xml" title="Artigos de Dra. Ana Souza" href="${SITE_URL}/autores/ana-souza/feed.xml"/>`);
    const jsonLd = jsonLdOfType(first.text, 'ProfilePage');
    expect(jsonLd.mainEntity).toMatchObject({ '@type': 'Person', name: 'Dra. Ana Souza', description: profile.bio, knowsAbout: ['Dermatologia'] });
    documents['página de autor'] = first.text;

    const second = await request(t.app).get('/autores/ana-souza?pagina=2').expect(200);
    expect((second.text.match(/class="news-card-title"/g) ?? []).length).toBe(1);
    documents['página de autor 2'] = second.text;
    await request(t.app).get('/autores/ana-souza?pagina=3').expect(404);
    await request(t.app).get('/autores/ana-souza?pagina=1').expect(301).expect('Location', '/autores/ana-souza');

    const feed = await request(t.app).get('/autores/ana-souza/feed.xml').expect(200).expect('Content-Type', /rss/);
    expect(feed.text).toContain('<title>Artigos de Dra. Ana Souza</title>');
    expect((feed.text.match(/<item>/g) ?? []).length).toBe(13);
  });

  it('answers 404 for a person without public articles and for an unknown address; the sitemap lists only authors with public articles', async () => {
    await request(t.app).get('/autores/bia-melo').expect(404);
    await request(t.app).get('/autores/bia-melo/feed.xml').expect(404);
    await request(t.app).get('/autores/ninguem').expect(404);
    await request(t.app).get('/autores/Nao_E_Slug').expect(404);
    const sitemap = await request(t.app).get('/sitemap-paginas.xml').expect(200);
    expect(sitemap.text).toContain(`<loc>${SITE_URL}/autores/ana-souza</loc>`);
    expect(sitemap.text).not.toContain('bia-melo');
  });

  it('lists an article on the page of every author who signs it, not only its creator’s, and follows a change of authors', async () => {
    const signed = await createArticle(t.repo, { titulo: 'Pele e alimentação', titulo_url: 'pele-e-alimentacao', autor: 'Ana Souza', id_criador: ana, autores: [ana, bia] });
    const page = await request(t.app).get('/autores/bia-melo').expect(200);
    expect(page.text).toContain('Pele e alimentação');
    expect((await request(t.app).get('/autores/bia-melo/feed.xml').expect(200)).text).toContain('Pele e alimentação');
    expect((await request(t.app).get('/sitemap-paginas.xml').expect(200)).text).toContain(`<loc>${SITE_URL}/autores/bia-melo</loc>`);
    const { titulo, titulo_url, descricao, keywords, conteudo } = signed;
    await t.repo.articles.update(signed.id, { content: { titulo, titulo_url, descricao, keywords, conteudo, autores: [ana] }, acao: 'editado', autor: 'Ana Souza' });
    await request(t.app).get('/autores/bia-melo').expect(404);
    await request(t.app).get('/autores/bia-melo/feed.xml').expect(404);
    expect((await request(t.app).get('/sitemap-paginas.xml').expect(200)).text).not.toContain('bia-melo');
    expect((await request(t.app).get('/autores/ana-souza').expect(200)).text).toContain('Pele e alimentação');
  });

  it('shows a profile change at once on the cached article and author pages', async () => {
    await request(t.app).get(articlePath).expect(200);
    await request(t.app).get('/autores/ana-souza').expect(200);
    await t.repo.profiles.save(ana, { ...profile, especialidades: [{ nome: 'Dermatologia', rqe: '7890' }, { nome: 'Pediatria', rqe: '4321' }] }, new Date().toISOString());
    expect((await request(t.app).get(articlePath).expect(200)).text).toContain(`${LINE} — Pediatria — RQE nº 4321`);
    expect((await request(t.app).get('/autores/ana-souza').expect(200)).text).toContain('Pediatria — RQE nº 4321');
  });

  it('links the byline of whoever accepted an invitation and never filled in a profile to their author page; namesakes get a page each', async () => {
    const acceptInvitation = async (email: string) => {
      const invited = await request(t.app)
        .post('/api/pessoas/convites')
        .set('Authorization', `Bearer ${TEST_EDITOR_KEY}`)
        .send({ nome: 'José Araújo', email, papel: 'autor' })
        .expect(200);
      const token = new URL(invited.body.value.convite_url as string).pathname.split('/').at(-1)!;
      await request(t.app).post(`/api/pessoas/convites/${token}`).send({ senha: 'jabuticaba azul no telhado' }).expect(200);
      return invited.body.value.id as number;
    };
    const jose = await acceptInvitation('jose@clinica.com.br');
    const namesake = await acceptInvitation('jose.araujo@clinica.com.br');
    const signed = await createArticle(t.repo, { titulo: 'Vacinas na agenda', titulo_url: 'vacinas-na-agenda', autor: 'José Araújo', id_criador: jose, autores: [jose, namesake] });
    const page = await request(t.app).get(`/noticias/${signed.id}`).redirects(1).expect(200);
    expect(page.text).toContain(
      '<p class="article-byline">Por <a class="article-author" href="/autores/jose-araujo">José Araújo</a> e <a class="article-author" href="/autores/jose-araujo-2">José Araújo</a></p>',
    );
    expect(page.text).not.toContain('<p class="article-credential">José Araújo</p>');
    for (const slug of ['jose-araujo', 'jose-araujo-2']) {
      const author = await request(t.app).get(`/autores/${slug}`).expect(200);
      expect(author.text).toContain('<h1 id="autor-titulo">José Araújo</h1>');
      expect(author.text).toContain('Vacinas na agenda');
      expect(author.text).not.toContain('class="author-credential"');
      documents[`página de autor sem perfil preenchido (${slug})`] = author.text;
    }
    documents['artigo de quem não preencheu o perfil'] = page.text;
    expect((await request(t.app).get('/sitemap-paginas.xml').expect(200)).text).toContain(`<loc>${SITE_URL}/autores/jose-araujo-2</loc>`);
  });

  it('writes valid HTML (W3C checker)', async () => {
    const errors = await validateHtml(documents);
    for (const [name, messages] of Object.entries(errors)) expect(messages, name).toEqual([]);
  });
});
