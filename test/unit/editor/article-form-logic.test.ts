// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { ArticleApi } from '../../../src/client/article-api.js';
import { clearDraft, hasContent, loadDraft, saveDraft } from '../../../src/editor/form/draft-storage.js';
import { applyFieldChange, EMPTY_FIELDS, type ArticleFields } from '../../../src/editor/form/fields.js';
import { saveArticle } from '../../../src/editor/form/save-article.js';
import { toPayload, validateArticle } from '../../../src/editor/form/validation.js';
import { slugify } from '../../../src/lib/slug.js';

const filled: ArticleFields = {
  ...EMPTY_FIELDS,
  chave: 'segredo',
  titulo: 'Título',
  tituloUrl: 'titulo',
  descricao: 'Descrição',
};

describe('title in the URL', () => {
  it('follows the title as a slug until typed by hand', () => {
    let fields = applyFieldChange(EMPTY_FIELDS, 'titulo', 'Prontuário Eletrônico: Guia 2025', slugify);
    expect(fields.tituloUrl).toBe('prontuario-eletronico-guia-2025');
    fields = applyFieldChange(fields, 'tituloUrl', 'guia', slugify);
    fields = applyFieldChange(fields, 'titulo', 'Outro título', slugify);
    expect(fields.tituloUrl).toBe('guia');
    fields = applyFieldChange(fields, 'tituloUrl', '', slugify);
    fields = applyFieldChange(fields, 'titulo', 'De novo', slugify);
    expect(fields.tituloUrl).toBe('de-novo');
  });
});

describe('validation before saving', () => {
  it('requires key, title, title in the URL, description and content', () => {
    expect(Object.keys(validateArticle(EMPTY_FIELDS, true)).sort()).toEqual(['chave', 'conteudo', 'descricao', 'titulo', 'tituloUrl']);
    expect(validateArticle(filled, false)).toEqual({});
  });

  it('refuses a title in the URL that is not a slug', () => {
    expect(validateArticle({ ...filled, tituloUrl: 'Com Espaço' }, false).tituloUrl).toMatch(/letras minúsculas/);
  });

  it('refuses a half-filled primary image', () => {
    expect(validateArticle({ ...filled, imagemNome: 'capa.png' }, false)).toEqual({
      imagemWidth: expect.any(String),
      imagemHeight: expect.any(String),
    });
    expect(validateArticle({ ...filled, imagemWidth: '600', imagemHeight: '545' }, false)).toEqual({ imagemNome: expect.any(String) });
    expect(validateArticle({ ...filled, imagemNome: 'a.png', imagemWidth: '0', imagemHeight: '1.5' }, false)).toEqual({
      imagemWidth: expect.any(String),
      imagemHeight: expect.any(String),
    });
    expect(validateArticle({ ...filled, imagemNome: 'a.png', imagemWidth: '600', imagemHeight: '545' }, false)).toEqual({});
  });

  it('sends imagem only when its name is filled in, sizes as integers', () => {
    expect(toPayload(filled, '<p>x</p>')).not.toHaveProperty('imagem');
    expect(toPayload({ ...filled, imagemNome: 'a.png', imagemCaption: 'Capa', imagemWidth: '600', imagemHeight: '545' }, '<p>x</p>').imagem).toEqual({
      nome: 'a.png',
      caption: 'Capa',
      width: 600,
      height: 545,
    });
  });
});

describe('draft kept in the browser', () => {
  afterEach(() => clearDraft());

  it('saves everything but the key and restores it', () => {
    saveDraft({ ...filled, keywords: 'a, b' }, { blocks: [], entityMap: {} });
    const draft = loadDraft()!;
    expect(draft.fields).not.toHaveProperty('chave');
    expect(draft.fields.keywords).toBe('a, b');
    expect(hasContent(draft)).toBe(true);
    expect(JSON.stringify(localStorage)).not.toContain('segredo');
  });

  it('ignores an empty or corrupt draft', () => {
    saveDraft(EMPTY_FIELDS, null);
    expect(hasContent(loadDraft()!)).toBe(false);
    localStorage.setItem('prontivo:rascunho-novo-artigo:v1', '{nope');
    expect(loadDraft()).toBeNull();
  });
});

describe('saving (spec section 4)', () => {
  const file = (name: string) => new File(['x'], name, { type: 'image/png' });
  const fakeApi = (overrides: Partial<Record<keyof ArticleApi, unknown>>): ArticleApi => ({
    nextId: () => Promise.resolve({ ok: true, value: 1 }),
    create: () => Promise.resolve({ ok: true, value: 12 }),
    get: () => Promise.resolve({ ok: true, value: { id: 12, titulo_url: 'titulo', data_publicacao: '2025-03-04T15:00:00.000Z' } }),
    uploadImage: (_file: Blob, filename: string) =>
      Promise.resolve(filename === 'ruim.png' ? { ok: false, status: 400, message: 'x' } : { ok: true, value: { id: 1, nome: filename } }),
    ...overrides,
  }) as unknown as ArticleApi;

  it('creates the article, uploads each file with the new id, and links to the article', async () => {
    const uploads: [string, number, string][] = [];
    const api = fakeApi({
      uploadImage: (_file: Blob, filename: string, id: number, credentials: { key: string }) => {
        uploads.push([filename, id, credentials.key]);
        return Promise.resolve(filename === 'ruim.png' ? { ok: false, status: 400, message: 'x' } : { ok: true, value: { id: 1, nome: filename } });
      },
    });
    const report = await saveArticle(api, 'segredo', toPayload(filled, '<p>x</p>'), [file('boa.png'), file('ruim.png')]);
    expect(report.messages.map((message) => message.text)).toEqual([
      'Artigo cadastrado!',
      'Arquivo carregado: boa.png',
      'Erro ao carregar arquivo: ruim.png',
    ]);
    expect(uploads).toEqual([
      ['boa.png', 12, 'segredo'],
      ['ruim.png', 12, 'segredo'],
    ]);
    expect(report.articleUrl).toBe('/noticias/12/2025/03/04/titulo');
  });

  it('falls back to today when the article cannot be read back', async () => {
    const api = fakeApi({ get: () => Promise.resolve({ ok: false, status: 500, message: 'x' }) });
    const report = await saveArticle(api, 'k', toPayload(filled, '<p>x</p>'), [], () => new Date('2025-12-31T12:00:00Z'));
    expect(report.articleUrl).toBe('/noticias/12/2025/12/31/titulo');
  });

  it('reports a refused creation and uploads nothing', async () => {
    let uploaded = false;
    const api = fakeApi({
      create: () => Promise.resolve({ ok: false, status: 403, message: 'Chave de editor inválida.' }),
      uploadImage: () => {
        uploaded = true;
        return Promise.resolve({ ok: true, value: { id: 1, nome: 'a' } });
      },
    });
    const report = await saveArticle(api, 'errada', toPayload(filled, '<p>x</p>'), [file('a.png')]);
    expect(report).toEqual({ ok: false, messages: [{ kind: 'error', text: 'Chave de editor inválida.' }], unauthorized: false });
    expect(uploaded).toBe(false);
  });
});
