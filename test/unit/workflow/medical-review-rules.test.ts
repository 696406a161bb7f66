import { describe, expect, it } from 'vitest';
import { creditsSchema, referenceSchema, relevanceSchema } from '../../../src/api/credit-schemas.js';
import { applyChange, approvedArticle, isApproved, needsReview, reviewDigest, storedUpdate, workingCopy } from '../../../src/db/article-workflow.js';
import { ReviewRequiredError, type ArticleChange, type MedicalReview, type StoredArticle } from '../../../src/db/repository.js';
import { REVIEW_MESSAGES } from '../../../src/workflow/review-messages.js';

const NOW = '2026-11-26T10:00:00.000Z';

function stored(overrides: Partial<StoredArticle> = {}): StoredArticle {
  return {
    id: 1,
    titulo: 'Pressão alta no consultório',
    titulo_url: 'pressao-alta-no-consultorio',
    conteudo: '<p>Meça duas vezes.</p>',
    descricao: 'O que medir e quando.',
    keywords: 'hipertensão',
    data_publicacao: '2026-11-01T10:00:00.000Z',
    data_atualizacao: '2026-11-01T10:00:00.000Z',
    autor: 'Carla Dias',
    imagem_nome: null,
    imagem_caption: null,
    imagem_alt: null,
    imagem_width: null,
    imagem_height: null,
    status: 'publicado',
    publicar_em: null,
    versao: 4,
    ja_publicado: true,
    id_criador: 2,
    id_ultimo_editor: 2,
    id_publicador: 3,
    autores: [2],
    clinico: true,
    referencias: [],
    revisao_medica: null,
    ...overrides,
  };
}

const review = (article: StoredArticle): MedicalReview => ({ id_pessoa: 9, revisor: 'Dr. João Lima', data: NOW, versao: article.versao, digest: reviewDigest(article) });
const approved = (overrides: Partial<StoredArticle> = {}) => {
  const article = stored(overrides);
  return { ...article, revisao_medica: review(article) };
};
const edit = (titulo: string, extra: Partial<ArticleChange> = {}): ArticleChange => ({
  autor: 'Edu',
  acao: 'editado',
  content: { titulo, titulo_url: 'pressao-alta-no-consultorio', conteudo: '<p>Meça duas vezes.</p>', descricao: 'O que medir e quando.', keywords: 'hipertensão', imagem: null },
  ...extra,
});
const save = (current: StoredArticle, change: ArticleChange) => storedUpdate(current, applyChange(workingCopy(current), change, NOW), change);

describe('medical review rules (issue 18)', () => {
  it('approves a text, not a version: a change of keywords or state keeps it, a change of title, description or content does not', () => {
    const article = approved();
    expect(isApproved(article)).toBe(true);
    const later: StoredArticle = { ...article, keywords: 'outra', versao: 9, status: 'despublicado' };
    expect(isApproved(later)).toBe(true);
    expect(isApproved({ ...article, titulo: 'Outro título' })).toBe(false);
    expect(isApproved({ ...article, descricao: 'Outra descrição.' })).toBe(false);
    expect(isApproved({ ...article, conteudo: '<p>Outro texto.</p>' })).toBe(false);
    expect(needsReview({ ...article, titulo: 'Outro título', clinico: false })).toBe(false);
  });

  it('refuses to make public a clinical text no doctor approved', () => {
    const draft = stored({ status: 'rascunho', ja_publicado: false });
    expect(() => save(draft, { autor: 'Edu', acao: 'publicado', status: { status: 'publicado', publicar_em: null } })).toThrow(ReviewRequiredError);
    expect(() => save(draft, { autor: 'Edu', acao: 'agendado', status: { status: 'agendado', publicar_em: NOW } })).toThrow(ReviewRequiredError);
    // A draft is saved as is: nobody reads it.
    expect(save(draft, edit('Rascunho novo')).titulo).toBe('Rascunho novo');
  });

  it('holds an edit of a public clinical article back, keeping what readers see and their date, until the approval takes it live', () => {
    const live = approved();
    const held = save(live, edit('Título revisto'));
    expect(held).toMatchObject({ titulo: live.titulo, versao: 5, data_atualizacao: live.data_atualizacao, pendente: { relevante: true } });
    expect(held.pendente!.fields.titulo).toBe('Título revisto');
    expect(workingCopy(held).titulo).toBe('Título revisto');
    const again = save(held, edit('Título revisto de novo', { relevante: false }));
    expect(again.pendente).toMatchObject({ relevante: true, fields: { titulo: 'Título revisto de novo' } });
    const released = approvedArticle(again, { ...review(workingCopy(again)), data: '2026-11-27T10:00:00.000Z' });
    expect(released).toMatchObject({ titulo: 'Título revisto de novo', pendente: null, data_atualizacao: '2026-11-27T10:00:00.000Z' });
  });

  it('lets a minor edit of a published article keep its update date', () => {
    const plain = stored({ clinico: false });
    expect(applyChange(plain, edit('Pressão alta no consultorio', { relevante: false }), NOW).data_atualizacao).toBe(plain.data_atualizacao);
    expect(applyChange(plain, edit('Pressão alta no consultório e em casa'), NOW).data_atualizacao).toBe(NOW);
    // A draft's every save is its last change.
    expect(applyChange(stored({ status: 'rascunho', clinico: false }), edit('x', { relevante: false }), NOW).data_atualizacao).toBe(NOW);
  });

  it('validates references (http and https only), authors and relevance with Portuguese messages', () => {
    expect(referenceSchema.parse({ texto: ' Diretriz 2020 ', url: 'https://example.org/d' })).toEqual({ texto: 'Diretriz 2020', url: 'https://example.org/d' });
    expect(referenceSchema.parse({ texto: 'Livro', url: '' })).toEqual({ texto: 'Livro' });
    for (const url of ['javascript:alert(1)', 'ftp://example.org/a', 'data:text/html,x', 'https://', '//example.org']) {
      expect(referenceSchema.safeParse({ texto: 'Fonte', url }).error?.issues.map((issue) => issue.message)).toEqual([REVIEW_MESSAGES.referenceUrlInvalid]);
    }
    expect(referenceSchema.safeParse({ texto: ' ' }).error?.issues[0]?.message).toBe(REVIEW_MESSAGES.referenceTextInvalid);
    expect(creditsSchema.safeParse({ autores: [] }).error?.issues[0]?.message).toBe(REVIEW_MESSAGES.authorsInvalid);
    expect(creditsSchema.safeParse({ autores: [1, 1] }).error?.issues[0]?.message).toBe(REVIEW_MESSAGES.authorsInvalid);
    expect(creditsSchema.safeParse({ clinico: 'sim' }).error?.issues[0]?.message).toBe(REVIEW_MESSAGES.clinicalInvalid);
    expect(relevanceSchema.parse({})).toEqual({ atualizacao_relevante: true });
  });
});
