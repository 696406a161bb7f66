import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createArticle, createTestApp, TEST_EDITOR_AUTHOR, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { validateHtml } from '../support/vnu.js';
import { executableScripts } from './news-html.js';

const SITE_URL = 'http://127.0.0.1:3999';

const FIRST_BODY =
  '<h2>Como funciona</h2><p>O prontuário antigo reúne o histórico do paciente.</p>' +
  '<p>Parágrafo que não muda.</p><p>Outro que não muda.</p><p>Mais um igual.</p><p>Texto que vai sair inteiro.</p>';
const SECOND_BODY =
  '<h2>Como funciona</h2><p>O prontuário eletrônico reúne o histórico do paciente &amp; exames.</p>' +
  '<p>Parágrafo que não muda.</p><p>Outro que não muda.</p><p>Mais um igual.</p><p><img src="/assets/artigos/1/balcao.jpg" alt="Balcão da recepção" /></p>';

describe('comparing versions of an article (/editor/artigos/{id}/comparar)', () => {
  let t: TestApp;
  let cookie: string;
  let id: number;

  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL } });
    id = (
      await createArticle(t.repo, {
        titulo: 'Prontuário no consultório',
        descricao: 'Como organizar o atendimento.',
        keywords: 'prontuário, consultório',
        conteudo: FIRST_BODY,
        status: 'rascunho',
        temas: ['Agenda', 'LGPD'],
      })
    ).id;
    // Version 2: words changed in the title, description and text, keywords and image changed.
    await t.repo.articles.update(id, {
      autor: 'Outra Editora',
      acao: 'editado',
      content: {
        titulo: 'Prontuário eletrônico no consultório',
        titulo_url: 'prontuario-eletronico-no-consultorio',
        descricao: 'Como organizar o atendimento com segurança.',
        keywords: 'prontuário, LGPD',
        conteudo: SECOND_BODY,
        imagem: { nome: 'capa.jpg', caption: 'Recepção', width: 1600, height: 900 },
        temas: ['LGPD', 'Telemedicina', 'Ética & dados'],
      },
    });
    // Version 3: published; nothing else changed.
    await t.repo.articles.update(id, { autor: TEST_EDITOR_AUTHOR, acao: 'publicado', status: { status: 'publicado', publicar_em: null } });
    const signedIn = await request(t.app).post('/editor/entrar').set('Origin', SITE_URL).type('form').send({ chave: TEST_EDITOR_KEY, volta: '/editor' }).expect(303);
    cookie = String(signedIn.headers['set-cookie']?.[0]).split(';')[0]!;
  });
  afterAll(() => t.close());

  const page = (query: string) => request(t.app).get(`/editor/artigos/${id}/comparar${query}`).set('Cookie', cookie);

  it('links every older version of the history to a comparison with the current one, and any two from a form', async () => {
    const res = await request(t.app).get(`/editor/artigos/${id}/historico`).set('Cookie', cookie).expect(200);
    expect(res.text).toContain(`<a href="/editor/artigos/${id}/comparar?de=1&amp;para=3">Comparar a versão 1 com a atual</a>`);
    expect(res.text).toContain(`<a href="/editor/artigos/${id}/comparar?de=2&amp;para=3">Comparar a versão 2 com a atual</a>`);
    expect(res.text).not.toContain('Comparar a versão 3 com a atual');
    expect(res.text).toContain(`<a href="/editor/artigos/${id}/comparar">Comparar duas versões quaisquer</a>`);
  });

  it('shows the words added and removed in title, description and text, and the changed fields, without script', async () => {
    const res = await page('?de=1&para=3').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('<h1 id="comparar-titulo">Comparar versões</h1>');
    expect(executableScripts(res.text).every((tag) => tag.startsWith('<script nonce='))).toBe(true);
    // A GET form chooses the versions; the chosen ones are selected.
    expect(res.text).toContain(`<form class="area-inline-form diff-choice" method="get" action="/editor/artigos/${id}/comparar">`);
    expect(res.text).toMatch(/<select id="comparar-de" name="de">.*<option value="1" selected="">versão 1 · [\d/]+, [\d:]+ · Editora de Teste<\/option>/s);
    expect(res.text).toMatch(/<select id="comparar-para" name="para">.*<option value="3" selected="">versão 3 \(atual\) · /s);
    expect(res.text).toContain(`Da versão 1: Criado por ${TEST_EDITOR_AUTHOR} em `);

    const tag = (kind: 'ins' | 'del', label: string, text: string) => `<${kind}><span class="diff-tag">${label}</span>${text}</${kind}>`;
    // Title and description, word by word.
    expect(res.text).toContain(`<p class="diff-line">Prontuário ${tag('ins', 'adicionado', 'eletrônico')} no consultório</p>`);
    expect(res.text).toContain(`atendimento ${tag('ins', 'adicionado', 'com segurança')}.`);
    // The text as plain text: changed paragraphs in full, unchanged ones counted, images by their alternative text.
    expect(res.text).toContain(`<p>O prontuário ${tag('del', 'removido', 'antigo')}${tag('ins', 'adicionado', 'eletrônico')} reúne o histórico do paciente ${tag('ins', 'adicionado', '&amp; exames')}.</p>`);
    expect(res.text).toContain('<p class="diff-skip">(1 parágrafo sem mudança)</p>');
    expect(res.text).toContain('<p class="diff-skip">(3 parágrafos sem mudança)</p>');
    // A paragraph replaced whole: the old one, then the new one, not a soup of single words.
    expect(res.text).toContain(`<p>${tag('del', 'removido', 'Texto que vai sair inteiro.')}</p><p>${tag('ins', 'adicionado', '[imagem: Balcão da recepção]')}</p>`);
    // Fields, each with its two values, labelled by version.
    expect(res.text).toContain(`<dt>Estado</dt><dd>${tag('del', 'na versão 1', 'Rascunho')}</dd><dd>${tag('ins', 'na versão 3 (atual)', 'Publicado')}</dd>`);
    expect(res.text).toContain(`<dt>Palavras-chave</dt><dd>${tag('del', 'na versão 1', 'prontuário, consultório')}</dd><dd>${tag('ins', 'na versão 3 (atual)', 'prontuário, LGPD')}</dd>`);
    expect(res.text).toContain(`${tag('ins', 'na versão 3 (atual)', 'capa.jpg (1600 × 900 px)')}`);
    expect(res.text).toContain('<dt>Título na URL</dt>');
    expect(res.text).toContain('<dt>Legenda da imagem</dt>');
    // Topics that entered and left, marked like words.
    expect(res.text).toContain(
      `<h2 id="comparar-temas">Temas</h2><p class="diff-line">Entraram: <span>${tag('ins', 'adicionado', 'Telemedicina')}</span><span>, ${tag('ins', 'adicionado', 'Ética &amp; dados')}</span></p>` +
        `<p class="diff-line">Saíram: <span>${tag('del', 'removido', 'Agenda')}</span></p>`,
    );
    // Counts in words, and a way to the older version to restore it.
    expect(res.text).toMatch(/<h2 id="comparar-texto">Texto<\/h2><p class="diff-counts">\d+ palavras adicionadas e \d+ removidas\.<\/p>/);
    expect(res.text).toContain(`<a href="/editor/artigos/${id}/historico/1">Ver a versão 1 inteira ou restaurá-la</a>`);
  });

  it('compares with the version before when only one is named, and says when nothing but a field changed', async () => {
    const res = await page('').expect(200);
    expect(res.text).toContain('Da versão 2: Editado por Outra Editora em ');
    expect(res.text).toContain('. Para a versão 3, a atual: Publicado por');
    expect(res.text.match(/Sem mudança nas palavras\./g)).toHaveLength(3);
    expect(res.text).toContain('<h2 id="comparar-temas">Temas</h2><p>Os temas não mudaram.</p>');
    expect(res.text).toContain('<dt>Estado</dt>');
    expect(res.text).not.toContain('<dt>Palavras-chave</dt>');
    const same = await page('?de=2&para=2').expect(200);
    expect(same.text).toContain('Você escolheu a mesma versão duas vezes: escolha duas versões diferentes.');
  });

  it('answers 404 for unknown articles and versions, and sends strangers to sign in', async () => {
    for (const query of ['?de=9&para=3', '?de=1&para=9', '?de=abc', '?de=1&de=2', '?para=0']) await page(query).expect(404);
    await request(t.app).get('/editor/artigos/999/comparar').set('Cookie', cookie).expect(404);
    const stranger = await request(t.app).get(`/editor/artigos/${id}/comparar?de=1&para=3`).expect(303);
    expect(stranger.headers.location).toBe(`/editor/entrar?volta=${encodeURIComponent(`/editor/artigos/${id}/comparar?de=1&para=3`)}`);
  });

  it('writes valid HTML (W3C checker)', async () => {
    const documents: Record<string, string> = {};
    for (const query of ['?de=1&para=3', '', '?de=3&para=3']) documents[`comparar${query}`] = (await page(query).expect(200)).text;
    documents.historico = (await request(t.app).get(`/editor/artigos/${id}/historico`).set('Cookie', cookie).expect(200)).text;
    const errors = await validateHtml(documents);
    for (const [name, messages] of Object.entries(errors)) expect(messages, name).toEqual([]);
  });
});
