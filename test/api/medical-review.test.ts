import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../src/people/credentials.js';
import type { Role } from '../../src/people/roles.js';
import { secretDigest } from '../../src/lib/secret-token.js';
import { REVIEW_MESSAGES } from '../../src/workflow/review-messages.js';
import { createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { photoJpeg } from '../support/stored-photo.js';
import { validateHtml } from '../support/vnu.js';
import { jsonLdOfType } from './news-html.js';

const SITE_URL = 'https://www.prontivo.test';
const DISCLAIMER = 'Este conteúdo é informativo e não substitui a consulta com um profissional de saúde.';

const doctor = (nome_publico: string, slug: string, tratamento: 'Dr.' | 'Dra.', registro: string, especialidade?: [string, string]): Profile => ({
  nome_publico,
  slug,
  tratamento,
  profissao: tratamento === 'Dra.' ? 'MÉDICA' : 'MÉDICO',
  bio: '',
  conselho: 'CRM',
  registro,
  uf: 'SP',
  especialidades: especialidade ? [{ nome: especialidade[0], rqe: especialidade[1] }] : [],
});

/** Text of an HTML fragment as a reader sees it. */
const visibleText = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<span class="visually-hidden">.*?<\/span>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const fragments = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]!);

/** Authors, medical review, references and relevant updates (issue 18), through the API and on the page. */
describe('conteúdo clínico: autores, revisão médica, referências e atualizações relevantes', () => {
  let t: TestApp;
  const keys: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const documents: Record<string, string> = {};

  async function person(name: string, papel: Role, profile?: Profile) {
    const invited = await t.repo.people.invite({ nome: name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@clinica.com.br`, papel }, { token_hash: `convite-${name}`, expira_em: new Date(Date.now() + 86_400_000).toISOString() });
    if (profile) await t.repo.profiles.save(invited.id, profile, '2026-11-20T12:00:00.000Z');
    const key = `prv_teste_${name.replace(/\W+/g, '')}`;
    await t.repo.personalKeys.create(invited.id, 'testes', secretDigest(key), new Date().toISOString());
    keys[name] = key;
    ids[name] = invited.id;
  }

  const as = (name: string, req: request.Test) => req.set('Authorization', `Bearer ${keys[name]}`);
  const api = () => request(t.app);
  const article = (titulo_url: string, extra: object = {}) => ({
    titulo: `Hipertensão: ${titulo_url}`,
    titulo_url,
    descricao: 'O que a pressão alta pede no dia a dia do consultório.',
    keywords: 'hipertensão',
    conteudo: '<p>Medir a pressão com regularidade ajuda a ajustar o tratamento.</p>',
    ...extra,
  });
  const publicArticle = async (id: number) => (await api().get(`/api/artigos/${id}`).expect(200)).body.value as Record<string, any>;
  const editorView = async (id: number) => (await api().get(`/api/artigos/${id}`).set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).expect(200)).body.value as Record<string, any>;
  const pageOf = async (id: number) => {
    const redirect = await api().get(`/noticias/${id}`).expect(301);
    return (await api().get(redirect.headers.location as string).expect(200)).text;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { SITE_URL } });
    await person('Carla Dias', 'colaborador', { ...doctor('Carla Dias', 'carla-dias', 'Dra.', '1'), tratamento: null, profissao: 'NUTRICIONISTA', conselho: 'CRN', registro: '4567', especialidades: [] });
    await person('Ana Souza', 'autor', doctor('Ana Souza', 'ana-souza', 'Dra.', '123456', ['Cardiologia', '7890']));
    await person('João Lima', 'revisor', doctor('João Lima', 'joao-lima', 'Dr.', '654321', ['Clínica Médica', '1111']));
    await person('Rita Alves', 'revisor', { ...doctor('Rita Alves', 'rita-alves', 'Dra.', '1'), tratamento: null, profissao: 'ENFERMEIRA', conselho: 'COREN', registro: '9999' });
    await person('Edu Rocha', 'editor');
    await person('Paulo Reis', 'revisor', doctor('Paulo Reis', 'paulo-reis', 'Dr.', '777777'));
  });
  afterAll(() => t.close());

  it('validates authors and references with Portuguese messages', async () => {
    const bad = await as('Carla Dias', api().post('/api/artigos/novo')).send(article('ruim', { status: 'rascunho', referencias: [{ texto: 'Fonte', url: 'javascript:alert(1)' }] })).expect(400);
    expect(bad.body.messages).toEqual([REVIEW_MESSAGES.referenceUrlInvalid]);
    const unknown = await as('Carla Dias', api().post('/api/artigos/novo')).send(article('ruim', { status: 'rascunho', autores: [ids['Carla Dias'], 99_999] })).expect(400);
    expect(unknown.body.messages).toEqual([REVIEW_MESSAGES.authorUnknown(99_999)]);
    const repeated = await as('Carla Dias', api().post('/api/artigos/novo')).send(article('ruim', { status: 'rascunho', autores: [ids['Carla Dias'], ids['Carla Dias']] })).expect(400);
    expect(repeated.body.messages).toEqual([REVIEW_MESSAGES.authorsInvalid]);
  });

  it('refuses to publish a clinical article no doctor approved (409, nothing changes), whether created published or moved there', async () => {
    const before = await t.repo.articles.count();
    const created = await as('Edu Rocha', api().post('/api/artigos/novo')).send(article('direto', { clinico: true })).expect(409);
    expect(created.body.messages).toEqual([REVIEW_MESSAGES.reviewRequired]);
    expect(await t.repo.articles.count()).toBe(before);

    const id = (await as('Edu Rocha', api().post('/api/artigos/novo')).send(article('rascunho-clinico', { clinico: true, status: 'rascunho' })).expect(200)).body.value as number;
    const versao = (await editorView(id)).versao as number;
    const moved = await as('Edu Rocha', api().post(`/api/artigos/${id}/status`)).send({ status: 'publicado' }).expect(409);
    expect(moved.body.messages).toEqual([REVIEW_MESSAGES.reviewRequired]);
    await as('Edu Rocha', api().put(`/api/artigos/${id}`)).send(article('rascunho-clinico', { clinico: true, status: 'publicado', versao })).expect(409);
    await as('Edu Rocha', api().post(`/api/artigos/${id}/status`)).send({ status: 'agendado', publicar_em: '2030-01-01T12:00:00Z' }).expect(409);
    expect(await editorView(id)).toMatchObject({ status: 'rascunho', versao, aguardando_revisao_medica: true });
  });

  it('lets only a revisor with a CRM approve, never on an article they wrote, and records it in the audit log', async () => {
    const id = (await as('Carla Dias', api().post('/api/artigos/novo')).send(article('aprovacao', { clinico: true, status: 'rascunho', autores: [ids['Carla Dias'], ids['João Lima']] })).expect(200)).body.value as number;
    const approve = (name: string) => as(name, api().post(`/api/artigos/${id}/revisao-medica`)).send({});
    expect((await approve('Rita Alves').expect(403)).body.messages).toEqual([REVIEW_MESSAGES.reviewerNeedsCrm]);
    await approve('Edu Rocha').expect(403);
    await approve('Ana Souza').expect(403);
    await api().post(`/api/artigos/${id}/revisao-medica`).set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).send({}).expect(403);
    expect((await approve('João Lima').expect(403)).body.messages).toEqual([REVIEW_MESSAGES.ownArticle]);

    const mine = (await as('Carla Dias', api().post('/api/artigos/novo')).send(article('aprovada', { clinico: true, status: 'rascunho' })).expect(200)).body.value as number;
    const { versao } = await editorView(mine);
    const approved = (await as('João Lima', api().post(`/api/artigos/${mine}/revisao-medica`)).send({ versao }).expect(200)).body.value as Record<string, unknown>;
    expect(approved).toEqual({ revisor: 'Dr. João Lima', data: expect.any(String), versao, proxima_revisao: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const audit = await t.repo.audit.list({ pageIndex: 1, pageSize: 5, acao: 'aprovou-revisao-medica' });
    expect(audit.items[0]).toMatchObject({ quem: 'João Lima', id_pessoa: ids['João Lima'], id_artigo: mine, detalhes: JSON.stringify({ versao, proxima_revisao: approved.proxima_revisao }) });
    // Not clinical: nothing to approve.
    const plain = (await as('Carla Dias', api().post('/api/artigos/novo')).send(article('comum', { status: 'rascunho' })).expect(200)).body.value as number;
    expect((await as('João Lima', api().post(`/api/artigos/${plain}/revisao-medica`)).send({}).expect(409)).body.messages).toEqual([REVIEW_MESSAGES.notClinical]);
  });

  it('a colaborador writes, a revisor approves, an editor publishes: the public API and page name authors, reviewer and references', async () => {
    const referencias = [
      { texto: 'Diretrizes Brasileiras de Hipertensão Arterial – 2020. Arq Bras Cardiol.', url: 'https://abc.cardiol.br/diretrizes-hipertensao-2020' },
      { texto: 'Ministério da Saúde. Caderno de Atenção Básica nº 37.' },
    ];
    const id = (
      await as('Carla Dias', api().post('/api/artigos/novo'))
        .send(article('fluxo-completo', { clinico: true, status: 'rascunho', autores: [ids['Ana Souza'], ids['Carla Dias']], referencias }))
        .expect(200)
    ).body.value as number;
    await as('João Lima', api().post(`/api/artigos/${id}/revisao-medica`)).send({}).expect(200);
    await as('Edu Rocha', api().post(`/api/artigos/${id}/status`)).send({ status: 'publicado' }).expect(200);

    const value = await publicArticle(id);
    expect(value.autores).toEqual([
      { nome: 'Dra. Ana Souza', url: `${SITE_URL}/autores/ana-souza`, credencial: 'Dra. Ana Souza — MÉDICA — CRM/SP 123456 — Cardiologia — RQE nº 7890' },
      { nome: 'Carla Dias', url: `${SITE_URL}/autores/carla-dias`, credencial: 'Carla Dias — NUTRICIONISTA — CRN/SP 4567' },
    ]);
    expect(value.revisao_medica).toEqual({ revisor: 'Dr. João Lima', credencial: 'Dr. João Lima — MÉDICO — CRM/SP 654321 — Clínica Médica — RQE nº 1111', data: expect.any(String) });
    expect(value.referencias).toEqual(referencias);
    expect(value).not.toHaveProperty('clinico');

    const page = await pageOf(id);
    documents['artigo clínico'] = page;
    expect(page).toContain('<a class="article-author" href="/autores/ana-souza">Dra. Ana Souza</a>');
    expect(page).toContain('<p class="article-credential">Carla Dias — NUTRICIONISTA — CRN/SP 4567</p>');
    expect(visibleText(/<p class="article-review">(.*?)<\/p>/s.exec(page)![1]!)).toMatch(/^Revisado por Dr\. João Lima — MÉDICO — CRM\/SP 654321 — Clínica Médica — RQE nº 1111, em \d+ de \p{L}+ de \d{4} · Próxima revisão até \d+ de \p{L}+ de \d{4} · Política editorial$/u);
    // The reviewer's name leads to their author page, which lists what they approved (they sign nothing).
    expect(page).toContain('Revisado por <a class="article-reviewer" href="/autores/joao-lima"><strong>Dr. João Lima</strong></a>');
    const reviewerPage = (await api().get('/autores/joao-lima').expect(200)).text;
    documents['autor que revisou'] = reviewerPage;
    expect(reviewerPage).toContain('<h2 class="author-articles-title">Artigos revisados</h2>');
    expect(reviewerPage).not.toContain('<h2 class="author-articles-title">Artigos</h2>');
    expect(reviewerPage).toContain('Hipertensão: fluxo-completo');
    expect(reviewerPage).toContain('aria-label="Artigos revisados por Dr. João Lima"');
    // Crawlers find it too: the sitemap lists a reviewer's page as it lists a signer's.
    expect((await api().get('/sitemap-paginas.xml').expect(200)).text).toContain(`<loc>${SITE_URL}/autores/joao-lima</loc>`);
    expect(page).toContain('<a href="https://abc.cardiol.br/diretrizes-hipertensao-2020" target="_blank" rel="noopener">');
    expect(page).toContain(`<p class="article-disclaimer">${DISCLAIMER}</p>`);

    // Everything the JSON-LD says is on the page, and what the page says of authors, review and sources is in the JSON-LD.
    const news = jsonLdOfType(page, 'NewsArticle') as Record<string, any>;
    const byline = /<p class="article-byline">(.*?)<\/p>/s.exec(page)![1]!;
    const credentialLines = fragments(page, /<p class="article-credential">(.*?)<\/p>/g).map(visibleText);
    expect(news.author.map((author: { name: string }) => author.name)).toEqual(fragments(byline, /<a class="article-author"[^>]*>(.*?)<\/a>/g).map(visibleText));
    expect(news.author.map((author: { url: string }) => author.url)).toEqual(fragments(byline, /<a class="article-author" href="([^"]*)"/g).map((path) => `${SITE_URL}${path}`));
    for (const [index, author] of (news.author as Record<string, any>[]).entries()) {
      expect(credentialLines[index]).toContain(author.name);
      expect(credentialLines[index]).toContain(author.jobTitle);
      expect(credentialLines[index]).toContain(author.hasCredential.name);
      for (const topic of author.knowsAbout ?? []) expect(credentialLines[index]).toContain(topic);
    }
    const medical = news.mainEntityOfPage as Record<string, any>;
    expect(medical['@type']).toBe('MedicalWebPage');
    const reviewBox = visibleText(/<p class="article-review">(.*?)<\/p>/s.exec(page)![1]!);
    expect(reviewBox).toContain(medical.reviewedBy.name);
    expect(reviewBox).toContain(medical.reviewedBy.hasCredential.name);
    expect(page).toContain(`<time dateTime="${medical.lastReviewed}">`);
    expect(medical.lastReviewed).toBe(value.revisao_medica.data);
    const listed = /<section class="article-references"[^>]*>.*?<ol>(.*?)<\/ol>/s.exec(page)![1]!;
    const items = fragments(listed, /<li>(.*?)<\/li>/g);
    expect(medical.citation).toEqual(
      items.map((item) => {
        const href = /href="([^"]*)"/.exec(item)?.[1];
        return { '@type': 'CreativeWork', name: visibleText(item), ...(href ? { url: href } : {}) };
      }),
    );
  });

  it('answers a publication with the "Antes de publicar" warnings, without blocking it', async () => {
    const id = (
      await as('Carla Dias', api().post('/api/artigos/novo'))
        .send(article('avisos', { clinico: true, status: 'rascunho', conteudo: '<h3>Resultado</h3><p>Um tratamento milagroso, com resultado GARANTIDO.</p><p><img src="/assets/x.jpg" alt=""></p>' }))
        .expect(200)
    ).body.value as number;
    await as('João Lima', api().post(`/api/artigos/${id}/revisao-medica`)).send({}).expect(200);
    const published = await as('Edu Rocha', api().post(`/api/artigos/${id}/status`)).send({ status: 'publicado' }).expect(200);
    expect(published.body.value).toMatchObject({ id, status: 'publicado' });
    const avisos = published.body.value.avisos as { regra: string; mensagem: string }[];
    expect(avisos.map((aviso) => aviso.regra)).toEqual(['tamanho-da-descricao', 'texto-alternativo', 'intertitulos', 'referencias', 'termos-promocionais']);
    expect(avisos.find((aviso) => aviso.regra === 'termos-promocionais')!.mensagem).toContain('“garantido”, “milagroso”');
    expect(avisos.find((aviso) => aviso.regra === 'tamanho-da-descricao')!.mensagem).toContain('54 caracteres');
    expect((await publicArticle(id)).titulo).toBe('Hipertensão: avisos');

    // An update of the live article says what is left; a clean one has nothing to say.
    const { versao } = await editorView(id);
    const clean = {
      descricao: 'O que a pressão alta pede no dia a dia do consultório: medidas, metas e o registro de cada consulta.',
      conteudo: '<h2>Resultado</h2><p>Um tratamento bem acompanhado controla a pressão.</p><p><img src="/assets/x.jpg" alt="Aparelho de pressão"></p>',
      referencias: [{ texto: 'Diretrizes Brasileiras de Hipertensão Arterial – 2020.' }],
    };
    const updated = await as('Edu Rocha', api().put(`/api/artigos/${id}`)).send(article('avisos', { ...clean, clinico: true, versao })).expect(200);
    expect(updated.body.value).toEqual({ id, versao: versao + 1, aguardando_revisao_medica: true, avisos: [] });
    const draft = (await as('Edu Rocha', api().post('/api/artigos/novo')).send(article('rascunho-sem-avisos', { status: 'rascunho' })).expect(200)).body.value as number;
    const draftSaved = await as('Edu Rocha', api().put(`/api/artigos/${draft}`)).send(article('rascunho-sem-avisos', { versao: (await editorView(draft)).versao })).expect(200);
    expect(draftSaved.body.value).not.toHaveProperty('avisos');
  });

  it('keeps the approved version public while an edit waits for a new review; the approval takes it live', async () => {
    const id = (await as('Carla Dias', api().post('/api/artigos/novo')).send(article('reaprovacao', { clinico: true, status: 'rascunho' })).expect(200)).body.value as number;
    await as('João Lima', api().post(`/api/artigos/${id}/revisao-medica`)).send({}).expect(200);
    await as('Edu Rocha', api().post(`/api/artigos/${id}/status`)).send({ status: 'publicado' }).expect(200);
    const approvedTitle = (await publicArticle(id)).titulo as string;

    const { versao } = await editorView(id);
    const saved = await as('Edu Rocha', api().put(`/api/artigos/${id}`)).send(article('reaprovacao', { titulo: 'Hipertensão: texto revisto', versao })).expect(200);
    expect(saved.body.value).toEqual({ id, versao: versao + 1, aguardando_revisao_medica: true, avisos: expect.any(Array) });
    expect((await publicArticle(id)).titulo).toBe(approvedTitle);
    expect(await pageOf(id)).toContain(`<h1>${approvedTitle}</h1>`);
    expect(await editorView(id)).toMatchObject({ titulo: 'Hipertensão: texto revisto', aguardando_revisao_medica: true, versao: versao + 1 });
    // Publishing the update without a review is refused and changes nothing.
    expect((await as('Edu Rocha', api().post(`/api/artigos/${id}/status`)).send({ status: 'publicado' }).expect(409)).body.messages).toEqual([REVIEW_MESSAGES.reviewRequired]);
    expect((await editorView(id)).versao).toBe(versao + 1);
    // A change of keywords only keeps the text readers get; the text still waits.
    await as('Edu Rocha', api().put(`/api/artigos/${id}`)).send(article('reaprovacao', { titulo: 'Hipertensão: texto revisto', keywords: 'pressão alta', versao: versao + 1 })).expect(200);
    expect((await publicArticle(id)).titulo).toBe(approvedTitle);

    await as('João Lima', api().post(`/api/artigos/${id}/revisao-medica`)).send({ versao: versao + 2 }).expect(200);
    const live = await publicArticle(id);
    expect(live).toMatchObject({ titulo: 'Hipertensão: texto revisto', keywords: 'pressão alta' });
    expect(await pageOf(id)).toContain('<h1>Hipertensão: texto revisto</h1>');
    expect((await editorView(id)).aguardando_revisao_medica).toBe(false);
  });

  it('moves the update date, "Atualizado em", dateModified and the sitemap only for relevant updates', async () => {
    const id = (await as('Edu Rocha', api().post('/api/artigos/novo')).send(article('datas')).expect(200)).body.value as number;
    const published = await publicArticle(id);
    expect(published.data_atualizacao).toBe(published.data_publicacao);
    expect(await pageOf(id)).not.toContain('Atualizado em');

    const { versao } = await editorView(id);
    await as('Edu Rocha', api().put(`/api/artigos/${id}`)).send(article('datas', { descricao: 'Corrige um erro de digitação.', versao, atualizacao_relevante: false })).expect(200);
    const minor = await publicArticle(id);
    expect(minor.descricao).toBe('Corrige um erro de digitação.');
    expect(minor.data_atualizacao).toBe(published.data_atualizacao);
    const minorPage = await pageOf(id);
    expect(minorPage).not.toContain('Atualizado em');
    expect((jsonLdOfType(minorPage, 'NewsArticle')).dateModified).toBe(published.data_atualizacao);

    await as('Edu Rocha', api().put(`/api/artigos/${id}`)).send(article('datas', { conteudo: '<p>Novas metas de pressão para idosos.</p>', versao: versao + 1 })).expect(200);
    const relevant = await publicArticle(id);
    expect(relevant.data_atualizacao > published.data_atualizacao).toBe(true);
    const page = await pageOf(id);
    expect(page).toContain(`Atualizado em <time dateTime="${relevant.data_atualizacao}">`);
    expect((jsonLdOfType(page, 'NewsArticle')).dateModified).toBe(relevant.data_atualizacao);
    const sitemap = (await api().get('/sitemap-paginas.xml').expect(200)).text;
    expect(sitemap).toContain(`<lastmod>${relevant.data_atualizacao}</lastmod>`);
    await as('Edu Rocha', api().put(`/api/artigos/${id}`)).send(article('datas', { atualizacao_relevante: 'sim', versao: versao + 2 })).expect(400);
  });

  it('shows the review state in the editors\' list and filters by it', async () => {
    const login = await api().post('/api/sessao').send({ key: TEST_EDITOR_KEY }).expect(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const waiting = (await api().get('/editor?revisao=aguardando').set('Cookie', cookie).expect(200)).text;
    expect(waiting).toContain('Hipertensão: rascunho-clinico');
    expect(waiting).not.toContain('Hipertensão: fluxo-completo');
    expect(waiting).toContain('<dt>Revisão médica</dt><dd>Aguardando revisão médica</dd>');
    const reviewed = (await api().get('/editor?revisao=revisado').set('Cookie', cookie).expect(200)).text;
    expect(reviewed).toContain('Hipertensão: fluxo-completo');
    expect(reviewed).not.toContain('Hipertensão: rascunho-clinico');
    expect(reviewed).toContain('<option value="revisado" selected="">Revisado por médico</option>');
    documents['lista do editor filtrada'] = reviewed;
  });

  /** A clinical article that João approved and Edu published: what readers see is what João reviewed. */
  async function approvedLive(titulo_url: string, extra: { imagem?: { nome: string; width: number; height: number }; referencias?: object[] } = {}, writer = 'Carla Dias') {
    const id = (await as(writer, api().post('/api/artigos/novo')).send(article(titulo_url, { clinico: true, status: 'rascunho', ...extra })).expect(200)).body.value as number;
    if (extra.imagem) {
      const photo = await photoJpeg(extra.imagem.width, extra.imagem.height);
      await api().post('/api/artigos/upload-imagem').attach('file', photo, { filename: extra.imagem.nome, contentType: 'image/jpeg' }).field('id_artigo', String(id)).field('key', TEST_EDITOR_KEY).expect(200);
    }
    await as('João Lima', api().post(`/api/artigos/${id}/revisao-medica`)).send({}).expect(200);
    await as('Edu Rocha', api().post(`/api/artigos/${id}/status`)).send({ status: 'publicado' }).expect(200);
    return id;
  }

  it('four eyes: a revisor who saved a version since the last approval may not approve it (403); another revisor may', async () => {
    const id = await approvedLive('quatro-olhos');
    const { versao } = await editorView(id);
    const rewritten = await as('João Lima', api().put(`/api/artigos/${id}`)).send(article('quatro-olhos', { titulo: 'Hipertensão: texto do revisor', clinico: true, versao })).expect(200);
    expect(rewritten.body.value).toMatchObject({ aguardando_revisao_medica: true });
    const own = await as('João Lima', api().post(`/api/artigos/${id}/revisao-medica`)).send({ versao: versao + 1 }).expect(403);
    expect(own.body.messages).toEqual([REVIEW_MESSAGES.savedVersion]);
    expect((await publicArticle(id)).titulo).toBe('Hipertensão: quatro-olhos');
    // Neither does a later save by someone else wash his version out.
    await as('Edu Rocha', api().put(`/api/artigos/${id}`)).send(article('quatro-olhos', { titulo: 'Hipertensão: texto do revisor', keywords: 'pressão', clinico: true, versao: versao + 1 })).expect(200);
    await as('João Lima', api().post(`/api/artigos/${id}/revisao-medica`)).send({}).expect(403);
    await as('Paulo Reis', api().post(`/api/artigos/${id}/revisao-medica`)).send({ versao: versao + 2 }).expect(200);
    expect((await publicArticle(id)).titulo).toBe('Hipertensão: texto do revisor');
  });

  it('holds a change of title, references, image caption or authors of an approved article: the page, its JSON-LD, the API, the feed and search keep the approved version', async () => {
    const imagem = { nome: 'aparelho.jpg', caption: 'Aparelho de pressão aprovado', alt: 'Braçadeira no braço', width: 800, height: 600 };
    const referencias = [{ texto: 'Diretriz aprovada de hipertensão, 2020.' }];
    const id = await approvedLive('tudo-revisado', { imagem, referencias });
    const before = await publicArticle(id);
    const pageBefore = await pageOf(id);
    const { versao } = await editorView(id);
    // The text as approved: only what sits around it changes.
    const changed = article('tudo-revisado', {
      clinico: true,
      referencias: [{ texto: 'Fonte sem revisão.', url: 'https://example.org/fonte-sem-revisao' }],
      imagem: { ...imagem, caption: 'Legenda sem revisão' },
      autores: [ids['Carla Dias'], ids['Edu Rocha']],
      versao,
    });
    const saved = await as('Edu Rocha', api().put(`/api/artigos/${id}`)).send(changed).expect(200);
    expect(saved.body.value).toMatchObject({ aguardando_revisao_medica: true });
    expect((await publicArticle(id)).referencias).toEqual(referencias);
    await as('Edu Rocha', api().put(`/api/artigos/${id}`)).send({ ...changed, titulo: 'Hipertensão: título sem revisão', versao: versao + 1 }).expect(200);

    const value = await publicArticle(id);
    expect(value).toMatchObject({ titulo: 'Hipertensão: tudo-revisado', referencias, imagem_caption: 'Aparelho de pressão aprovado', data_atualizacao: before.data_atualizacao });
    expect(value.autores).toEqual(before.autores);
    const page = await pageOf(id);
    expect(page).toContain('<h1>Hipertensão: tudo-revisado</h1>');
    expect(page).toContain('<figcaption>Aparelho de pressão aprovado</figcaption>');
    expect(page).toContain('Diretriz aprovada de hipertensão, 2020.');
    expect(page).toMatch(/<p class="article-review">/);
    for (const unreviewed of ['título sem revisão', 'Fonte sem revisão', 'Legenda sem revisão', 'Edu Rocha']) expect(page).not.toContain(unreviewed);
    expect(jsonLdOfType(page, 'NewsArticle')).toEqual(jsonLdOfType(pageBefore, 'NewsArticle'));
    const feed = (await api().get('/noticias/feed.xml').expect(200)).text;
    expect(feed).toContain('Hipertensão: tudo-revisado');
    expect(feed).not.toContain('título sem revisão');
    const found = async (q: string) => ((await api().post('/api/artigos/busca').send({ q, pageSize: 50 }).expect(200)).body.value.itens as { id: number; titulo: string }[]).filter((item) => item.id === id);
    expect(await found('título')).toEqual([]);
    expect((await found('hipertensão')).map((item) => item.titulo)).toEqual(['Hipertensão: tudo-revisado']);
    expect(await editorView(id)).toMatchObject({ titulo: 'Hipertensão: título sem revisão', imagem_caption: 'Legenda sem revisão', aguardando_revisao_medica: true });

    await as('Paulo Reis', api().post(`/api/artigos/${id}/revisao-medica`)).send({ versao: versao + 2 }).expect(200);
    const live = await pageOf(id);
    expect(live).toContain('<figcaption>Legenda sem revisão</figcaption>');
    expect(live).toContain('Fonte sem revisão.');
  });

  it('holds switching clinico off an approved article, and switching it back on does not release the text', async () => {
    const id = await approvedLive('clinico-desligado', {}, 'Ana Souza');
    const { versao } = await editorView(id);
    const off = await as('Ana Souza', api().put(`/api/artigos/${id}`)).send(article('clinico-desligado', { titulo: 'Hipertensão: sem revisão médica', clinico: false, versao })).expect(200);
    expect(off.body.value).toMatchObject({ aguardando_revisao_medica: true });
    expect((await publicArticle(id)).titulo).toBe('Hipertensão: clinico-desligado');
    const page = await pageOf(id);
    expect(page).toContain('<h1>Hipertensão: clinico-desligado</h1>');
    expect(page).toContain(`<p class="article-disclaimer">${DISCLAIMER}</p>`);
    expect(await editorView(id)).toMatchObject({ clinico: false, aguardando_revisao_medica: true });
    // Publishing it as it is, without a review, is refused.
    expect((await as('Edu Rocha', api().post(`/api/artigos/${id}/status`)).send({ status: 'publicado' }).expect(409)).body.messages).toEqual([REVIEW_MESSAGES.reviewRequired]);

    await as('Ana Souza', api().put(`/api/artigos/${id}`)).send(article('clinico-desligado', { titulo: 'Hipertensão: sem revisão médica', clinico: true, versao: versao + 1 })).expect(200);
    expect((await publicArticle(id)).titulo).toBe('Hipertensão: clinico-desligado');

    // A revisor may approve taking it off review: then it is an ordinary article.
    await as('Ana Souza', api().put(`/api/artigos/${id}`)).send(article('clinico-desligado', { titulo: 'Hipertensão: sem revisão médica', clinico: false, versao: versao + 2 })).expect(200);
    await as('Paulo Reis', api().post(`/api/artigos/${id}/revisao-medica`)).send({}).expect(200);
    expect((await publicArticle(id)).titulo).toBe('Hipertensão: sem revisão médica');
    await as('Ana Souza', api().put(`/api/artigos/${id}`)).send(article('clinico-desligado', { titulo: 'Hipertensão: notícia comum', clinico: false, versao: versao + 3 })).expect(200);
    expect((await publicArticle(id)).titulo).toBe('Hipertensão: notícia comum');
  });

  it('writes valid HTML (W3C checker)', async () => {
    const errors = await validateHtml(documents);
    for (const [name, messages] of Object.entries(errors)) expect(messages, name).toEqual([]);
  });
});
