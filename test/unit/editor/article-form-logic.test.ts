// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, draftStorageKey, hasContent, loadDraft, saveDraft } from '../../../src/editor/form/draft-storage.js';
import { applyFieldChange, EMPTY_FIELDS, fieldsFromArticle, type ArticleFields } from '../../../src/editor/form/fields.js';
import { toPayload, validateArticle } from '../../../src/editor/form/validation.js';
import { slugify } from '../../../src/lib/slug.js';

const filled: ArticleFields = {
  ...EMPTY_FIELDS,
  chave: 'segredo',
  titulo: 'Título',
  tituloUrl: 'titulo',
  descricao: 'Descrição',
};

/** An article as the server answers it, with a main image. */
const article = {
  titulo: 'Título',
  titulo_url: 'titulo',
  descricao: 'Descrição',
  keywords: '',
  imagem_nome: 'a.png',
  imagem_caption: 'Foto: Ana Lima',
  imagem_alt: null,
  imagem_width: 600,
  imagem_height: 545,
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

  it('sends the image\'s own alternative text only when typed (empty: the caption serves), and asks for the image it describes', () => {
    const image = { ...filled, imagemNome: 'a.png', imagemCaption: 'Foto: Ana Lima', imagemWidth: '600', imagemHeight: '545' };
    expect(toPayload({ ...image, imagemAlt: '  Médica com o tablet  ' }, '<p>x</p>').imagem).toMatchObject({ caption: 'Foto: Ana Lima', alt: 'Médica com o tablet' });
    expect(toPayload({ ...image, imagemAlt: ' ' }, '<p>x</p>').imagem).not.toHaveProperty('alt');
    expect(validateArticle({ ...filled, imagemAlt: 'Uma foto' }, false)).toMatchObject({ imagemNome: expect.any(String) });
    expect(fieldsFromArticle({ ...article, imagem_alt: 'Médica com o tablet' }).imagemAlt).toBe('Médica com o tablet');
    expect(fieldsFromArticle({ ...article, imagem_alt: null }).imagemAlt).toBe('');
  });
});

describe('draft kept in the browser', () => {
  afterEach(() => localStorage.clear());

  it('saves everything but the key and restores it', () => {
    saveDraft('novo', { ...filled, keywords: 'a, b' }, { blocks: [], entityMap: {} });
    const draft = loadDraft('novo')!;
    expect(draft.fields).not.toHaveProperty('chave');
    expect(draft.fields.keywords).toBe('a, b');
    expect(hasContent(draft)).toBe(true);
    expect(JSON.stringify(localStorage)).not.toContain('segredo');
  });

  it('reads the version of a copy saved before the field was renamed (baseVersao)', () => {
    localStorage.setItem(draftStorageKey(9), JSON.stringify({ fields: { ...filled, chave: undefined }, content: null, savedAt: '2026-11-01T10:00:00.000Z', baseVersao: 4 }));
    expect(loadDraft(9)).toMatchObject({ baseVersion: 4, fields: { titulo: filled.titulo } });
  });

  it('keeps one copy per article, so two tabs on two articles never touch each other', () => {
    saveDraft(7, { ...filled, titulo: 'Artigo sete' }, null, 3);
    saveDraft(8, { ...filled, titulo: 'Artigo oito' }, null, 1);
    saveDraft('novo', { ...filled, titulo: 'Novo' }, null);
    expect([loadDraft(7)!.fields.titulo, loadDraft(7)!.baseVersion]).toEqual(['Artigo sete', 3]);
    expect(loadDraft(8)!.fields.titulo).toBe('Artigo oito');
    clearDraft(7);
    expect(loadDraft(7)).toBeNull();
    expect(loadDraft(8)!.fields.titulo).toBe('Artigo oito');
    expect(loadDraft('novo')!.fields.titulo).toBe('Novo');
  });

  it('ignores an empty or corrupt draft, and still reads the first version\'s key for a new article', () => {
    saveDraft('novo', EMPTY_FIELDS, null);
    expect(hasContent(loadDraft('novo')!)).toBe(false);
    expect(draftStorageKey('novo')).toBe('prontivo:rascunho-novo-artigo:v1');
    localStorage.setItem('prontivo:rascunho-novo-artigo:v1', '{nope');
    expect(loadDraft('novo')).toBeNull();
  });
});
