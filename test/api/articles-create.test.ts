import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/messages.js';
import { articlePath } from '../../src/routes/paths.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createArticle, createTestApp, TEST_EDITOR_AUTHOR, type TestApp } from '../support/app.js';
import { articleBody, expectFailure } from '../support/articles-api.js';

const NOVO = '/api/artigos/novo';

describe('POST /api/artigos/novo', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { EDITOR_KEY_MAX_FAILURES: '5' } });
  });
  afterEach(() => t.close());

  it('stores the article with server-side author and date, and answers its id in the envelope', async () => {
    const before = Date.now();
    const response = await request(t.app)
      .post(NOVO)
      .send(
        articleBody({
          titulo: '  LGPD no consultório  ',
          titulo_url: 'LGPD no Consultório: Guia Prático',
          keywords: undefined,
          imagem: { nome: 'Capa do Artigo.PNG', caption: 'Capa', width: 600, height: 545 },
          autor: 'Alguém que não é a chave',
          data_publicacao: '2001-01-01T00:00:00.000Z',
        }),
      );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 1, messages: [], command: 'artigos/novo', value: 1, fcrj: true });
    expect(response.headers.location).toBe('/api/artigos/1');

    const stored = await t.repo.articles.get(1);
    expect(stored).toMatchObject({
      id: 1,
      titulo: 'LGPD no consultório',
      titulo_url: 'lgpd-no-consultorio-guia-pratico',
      keywords: '',
      autor: TEST_EDITOR_AUTHOR,
      imagem_nome: 'capa-do-artigo.png',
      imagem_caption: 'Capa',
      imagem_alt: null,
      imagem_width: 600,
      imagem_height: 545,
    });
    const published = Date.parse(stored!.data_publicacao);
    expect(published).toBeGreaterThanOrEqual(before - 1);
    expect(published).toBeLessThanOrEqual(Date.now());
  });

  it('sanitises harmless extras (classes, divs, fonts, foreign styles) before storing', async () => {
    const conteudo =
      '<div class="colado"><p style="text-align:center;position:fixed" class="x">Olá <a href="https://exemplo.com.br" target="_blank">link</a></p>' +
      '<font face="Arial">x</font></div>';
    const response = await request(t.app).post(NOVO).send(articleBody({ conteudo }));
    expect(response.status).toBe(200);
    expect((await t.repo.articles.get(response.body.value))?.conteudo).toBe(
      '<p style="text-align:center">Olá <a href="https://exemplo.com.br" target="_blank" rel="noopener noreferrer">link</a></p>x',
    );
  });

  it.each([
    '<p>Olá</p><script>alert(1)</script>',
    '<p onclick="roubar()">Olá</p>',
    '<img src="javascript:alert(1)">',
    '<a href="javascript:alert(1)">x</a>',
  ])('refuses content carrying code (%s) with 400 and stores nothing', async (conteudo) => {
    const response = await request(t.app).post(NOVO).send(articleBody({ conteudo }));
    expect(expectFailure(response, 400, 'artigos/novo')).toEqual([MESSAGES.contentDangerous]);
    expect(await t.repo.articles.count()).toBe(0);
  });

  it('refuses content that is empty once sanitised', async () => {
    const response = await request(t.app).post(NOVO).send(articleBody({ conteudo: '<div><font> </font></div><p> </p>' }));
    expect(expectFailure(response, 400, 'artigos/novo')).toEqual([MESSAGES.contentEmptyAfterSanitizing]);
    expect(await t.repo.articles.count()).toBe(0);
  });

  it('answers 403 for a missing or wrong key and writes nothing', async () => {
    const missing = await request(t.app).post(NOVO).send(articleBody({ key: undefined }));
    expect(expectFailure(missing, 403, 'artigos/novo')).toEqual([MESSAGES.keyMissing]);
    const wrong = await request(t.app).post(NOVO).send(articleBody({ key: 'chave-de-teste-124' }));
    expect(expectFailure(wrong, 403, 'artigos/novo')).toEqual(['Chave de editor inválida.']);
    const bodyless = await request(t.app).post(NOVO);
    expect(expectFailure(bodyless, 403, 'artigos/novo')).toEqual([MESSAGES.keyMissing]);
    const notText = await request(t.app).post(NOVO).send(articleBody({ key: 123 }));
    expect(expectFailure(notText, 403, 'artigos/novo')).toEqual([MESSAGES.keyMissing]);
    expect(await t.repo.articles.count()).toBe(0);
  });

  it('checks the key before the fields, so strangers learn nothing about validation', async () => {
    const response = await request(t.app).post(NOVO).send({ key: 'errada-errada-errada' });
    expect(expectFailure(response, 403, 'artigos/novo')).toEqual([MESSAGES.keyInvalid]);
  });

  it('answers 429 after too many wrong keys from one address, even to the right key, and counts only failures', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await request(t.app).post(NOVO).send(articleBody())).status).toBe(200);
    }
    for (let i = 0; i < 5; i += 1) {
      expect((await request(t.app).post(NOVO).send(articleBody({ key: 'chave-errada-000' }))).status).toBe(403);
    }
    const blocked = await request(t.app).post(NOVO).send(articleBody());
    expect(expectFailure(blocked, 429, 'artigos/novo')).toEqual([
      'Muitas tentativas com chave inválida. Aguarde alguns minutos e tente novamente.',
    ]);
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
    expect(await t.repo.articles.count()).toBe(5);
    const upload = await request(t.app).post('/api/artigos/upload-imagem').field('key', 'x');
    expect(upload.status).toBe(429);
  });

  it('removes NUL and bidi overrides/isolates from conteudo, literal or as entities, in what it stores and what it renders', async () => {
    const hidden = /[\u0000\u202a-\u202e\u2066-\u2069]/;
    const conteudo =
      '<p>Dose: 5\u0000 mg\u202e ao dia\u2066 por&#x202E; 7&#0; dias\u2069.</p>' +
      '<p><a href="https://exemplo.com.br/bula\u202d" title="Bula\u2067 oficial">bula</a></p>';
    const created = await request(t.app).post(NOVO).send(articleBody({ conteudo })).expect(200);
    const stored = (await t.repo.articles.get(created.body.value as number))!;
    expect(stored.conteudo).not.toMatch(hidden);
    expect(stored.conteudo).toContain('Dose: 5 mg ao dia por 7');
    expect(stored.conteudo).toContain('title="Bula oficial"');
    // A body stored before this rule (or by an import) is cleaned when it is rendered.
    const older = await createArticle(t.repo, { conteudo });
    for (const article of [stored, older]) {
      const page = await request(t.app).get(articlePath(article)).expect(200);
      expect(page.text).toContain('Dose: 5 mg ao dia por');
      expect(page.text).not.toMatch(hidden);
    }
  });

  it('lists every validation problem, one message each, in Portuguese', async () => {
    const response = await request(t.app)
      .post(NOVO)
      .send({
        key: 'chave-de-teste-123',
        titulo: '',
        titulo_url: '!!!',
        descricao: 42,
        keywords: 'x'.repeat(501),
        imagem: { nome: 'foto.exe', caption: '', width: 0, height: 1.5 },
      });
    expect(expectFailure(response, 400, 'artigos/novo')).toEqual([
      'Informe o título.',
      'O título para a URL deve conter letras ou números (ex.: prontuario-eletronico-no-consultorio).',
      'A descrição deve ser um texto.',
      'As palavras-chave devem ter no máximo 500 caracteres.',
      'Informe o conteúdo do artigo.',
      'O nome do arquivo da imagem deve terminar em .png, .jpg, .jpeg, .webp, .gif ou .avif.',
      'Informe a legenda da imagem.',
      'A largura da imagem deve ser um número inteiro de 1 a 10000.',
      'A altura da imagem deve ser um número inteiro de 1 a 10000.',
    ]);
    expect(await t.repo.articles.count()).toBe(0);
  });

  it('keeps the main image\'s own alternative text, trimmed, apart from its caption; empty means the caption serves', async () => {
    const imagem = { nome: 'capa.png', caption: 'Foto: Ana Lima', alt: '  Médica mostra o prontuário no tablet  ', width: 600, height: 545 };
    await request(t.app).post(NOVO).send(articleBody({ imagem })).expect(200);
    expect(await t.repo.articles.get(1)).toMatchObject({ imagem_caption: 'Foto: Ana Lima', imagem_alt: 'Médica mostra o prontuário no tablet' });
    const read = await request(t.app).get('/api/artigos/1').expect(200);
    expect(read.body.value).toMatchObject({ imagem_caption: 'Foto: Ana Lima', imagem_alt: 'Médica mostra o prontuário no tablet' });
    await request(t.app).post(NOVO).send(articleBody({ titulo_url: 'outro', imagem: { ...imagem, alt: ' ' } })).expect(200);
    expect((await t.repo.articles.get(2))?.imagem_alt).toBeNull();
    const refused = await request(t.app)
      .post(NOVO)
      .send(articleBody({ titulo_url: 'terceiro', imagem: { ...imagem, alt: 'x'.repeat(301) } }));
    expect(expectFailure(refused, 400, 'artigos/novo')).toEqual([MESSAGES.imageAltTooLong]);
    const control = await request(t.app)
      .post(NOVO)
      .send(articleBody({ titulo_url: 'quarto', imagem: { ...imagem, alt: 'a\u202eb' } }));
    expect(expectFailure(control, 400, 'artigos/novo')).toEqual([MESSAGES.imageAltControl]);
  });

  it('refuses too-long fields and an imagem that is not an object', async () => {
    const response = await request(t.app)
      .post(NOVO)
      .send(articleBody({ titulo: 't'.repeat(201), descricao: 'd'.repeat(401), titulo_url: 'u'.repeat(201), imagem: 'capa.png' }));
    expect(expectFailure(response, 400, 'artigos/novo')).toEqual([
      'O título deve ter no máximo 200 caracteres.',
      'O título para a URL deve ter no máximo 200 caracteres.',
      'A descrição deve ter no máximo 400 caracteres.',
      'A imagem deve ser um objeto com nome, caption, width e height.',
    ]);
  });

  it('treats a null imagem as no image', async () => {
    const response = await request(t.app).post(NOVO).send(articleBody({ imagem: null }));
    expect(response.status).toBe(200);
    expect(await t.repo.articles.get(response.body.value)).toMatchObject({ imagem_nome: null, imagem_width: null });
  });

  it('answers 400 for malformed JSON and for a body that is not an object', async () => {
    const malformed = await request(t.app).post(NOVO).set('Content-Type', 'application/json').send('{"titulo": ');
    expect(expectFailure(malformed, 400, 'artigos/novo')).toEqual([MESSAGES.jsonMalformed]);
    const list = await request(t.app).post(NOVO).send([articleBody()]);
    expect(expectFailure(list, 400, 'artigos/novo')).toEqual([MESSAGES.jsonNotObject]);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const response = await request(t.app).post(NOVO).type('form').send({ titulo: 'x' });
    expect(expectFailure(response, 415, 'artigos/novo')).toEqual([MESSAGES.jsonContentType]);
  });

  it('answers 413 for a body over 1 MB and writes nothing', async () => {
    const response = await request(t.app)
      .post(NOVO)
      .send(articleBody({ conteudo: `<p>${'a'.repeat(1_100_000)}</p>` }));
    expect(expectFailure(response, 413, 'artigos/novo')).toEqual(['O corpo da requisição excede o limite de 1 MB.']);
    expect(await t.repo.articles.count()).toBe(0);
  });
});
