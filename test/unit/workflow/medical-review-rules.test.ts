import { describe, expect, it } from 'vitest';
import { creditsSchema, referenceSchema, relevanceSchema } from '../../../src/api/credit-schemas.js';
import { createHash } from 'node:crypto';
import { applyChange, workingCopy } from '../../../src/db/article-workflow.js';
import { approvedArticle, isApproved, needsReview, reviewDigest, storedUpdate, wroteUnapproved } from '../../../src/workflow/medical-review.js';
import { type ArticleChange, type MedicalReview, type StoredArticle } from '../../../src/db/repository.js';
import { ReviewRequiredError } from '../../../src/workflow/review-required.js';
import { REVIEW_MESSAGES } from '../../../src/workflow/review-messages.js';
import { makeStoredArticle } from '../../support/article-fixture.js';

const NOW = '2026-11-26T10:00:00.000Z';

const stored = (overrides: Partial<StoredArticle> = {}) => makeStoredArticle({ clinico: true, ...overrides });

const review = (article: StoredArticle): MedicalReview => ({ id_pessoa: 9, revisor: 'Dr. João Lima', data: NOW, versao: article.versao, digest: reviewDigest(article), clinico: article.clinico });
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
  it('approves what readers see, not a version: a change of state keeps it, a change of any reviewed field does not', () => {
    const article = approved({ imagem_nome: 'pressao.jpg', imagem_caption: 'Aparelho de pressão', imagem_alt: 'Braçadeira no braço', referencias: [{ texto: 'Diretriz 2020' }] });
    expect(isApproved(article)).toBe(true);
    const later: StoredArticle = { ...article, versao: 9, status: 'despublicado', data_atualizacao: NOW };
    expect(isApproved(later)).toBe(true);
    const changes: Partial<StoredArticle>[] = [
      { titulo: 'Outro título' },
      { descricao: 'Outra descrição.' },
      { conteudo: '<p>Outro texto.</p>' },
      { keywords: 'outra' },
      { referencias: [{ texto: 'Diretriz 2020' }, { texto: 'Fonte nova' }] },
      { imagem_nome: 'outra.jpg' },
      { imagem_caption: 'Outra legenda' },
      { imagem_alt: 'Outro texto alternativo' },
      { autores: [2, 5] },
      { clinico: false },
    ];
    for (const change of changes) expect(needsReview({ ...article, ...change }), JSON.stringify(change)).toBe(true);
    // Never approved and not clinical: nothing to review.
    expect(needsReview({ ...stored({ clinico: false }), titulo: 'Outro título' })).toBe(false);
  });

  it('holds switching clinico off on an article that was ever approved, until a revisor approves that too', () => {
    const live = approved();
    const off = save(live, { ...edit('Pressão alta, sem revisão'), content: { ...edit('Pressão alta, sem revisão').content!, clinico: false } });
    expect(off).toMatchObject({ clinico: true, titulo: live.titulo, pendente: { fields: { clinico: false, titulo: 'Pressão alta, sem revisão' } } });
    // Switching it back on does not release the text either.
    const on = save(off, { ...edit('Pressão alta, sem revisão'), content: { ...edit('Pressão alta, sem revisão').content!, clinico: true } });
    expect(on).toMatchObject({ clinico: true, titulo: live.titulo, pendente: { fields: { clinico: true, titulo: 'Pressão alta, sem revisão' } } });
    // Once a revisor approves a version that is not clinical, it is an ordinary article again.
    const released = approvedArticle(off, { id_pessoa: 9, revisor: 'Dr. João Lima', proxima_revisao: '2027-11-27' }, NOW);
    expect(released).toMatchObject({ clinico: false, titulo: 'Pressão alta, sem revisão', revisao_medica: { clinico: false } });
    expect(save(released, edit('Livre')).titulo).toBe('Livre');
  });

  it('holds the next save of an article approved before issue 29 whole: that approval covers what readers see of it now', () => {
    const legacy = stored({ referencias: [{ texto: 'Diretriz 2020' }] });
    const digest = createHash('sha256').update(JSON.stringify([legacy.titulo, legacy.descricao, legacy.conteudo])).digest('hex');
    const old = { ...legacy, revisao_medica: { id_pessoa: 9, revisor: 'Dr. João Lima', data: NOW, versao: 4, digest } };
    expect(isApproved(old)).toBe(true);
    const change = { ...edit(old.titulo), content: { ...edit(old.titulo).content!, referencias: [{ texto: 'Fonte nova' }] } };
    const held = save(old, change);
    expect(held).toMatchObject({ referencias: [{ texto: 'Diretriz 2020' }], pendente: { fields: { referencias: [{ texto: 'Fonte nova' }] } } });
    expect(isApproved(held)).toBe(true);
  });

  it('four eyes: nobody who saved a version since the last approval (or the creation) approves, nor the creator or an author', () => {
    const revisions = [
      { versao: 1, id_pessoa: 2 },
      { versao: 2, id_pessoa: 7 },
      { versao: 3, id_pessoa: 3 },
      { versao: 4, id_pessoa: 8 },
    ];
    expect(wroteUnapproved(stored(), 2, revisions)).toBe('autor');
    expect(wroteUnapproved(stored({ autores: [2, 5] }), 5, [])).toBe('autor');
    expect(wroteUnapproved(stored(), 7, revisions)).toBe('versao');
    expect(wroteUnapproved(stored(), 9, revisions)).toBeNull();
    // Approved at version 2: who saved 1 and 2 had their work reviewed by then.
    const since = { ...stored(), revisao_medica: { ...review(stored()), versao: 2 } };
    expect(wroteUnapproved(since, 7, revisions)).toBeNull();
    expect(wroteUnapproved(since, 8, revisions)).toBe('versao');
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
    const released = approvedArticle(again, { id_pessoa: 9, revisor: 'Dr. João Lima', proxima_revisao: '2027-11-27' }, '2026-11-27T10:00:00.000Z');
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
