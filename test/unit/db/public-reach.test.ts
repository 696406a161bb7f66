import { describe, expect, it } from 'vitest';
import { applyChange, presenceReach, publicReach, workingCopy } from '../../../src/db/article-workflow.js';
import type { ArticleChange, StoredArticle } from '../../../src/db/repository.js';
import { tagsTouchedBy } from '../../../src/routes/cache-tags.js';
import { approvedArticle, reviewDigest, storedUpdate } from '../../../src/workflow/medical-review.js';
import { makeStoredArticle } from '../../support/article-fixture.js';

const NOW = '2026-11-26T10:00:00.000Z';

const stored = makeStoredArticle;

const edit = (fields: Partial<StoredArticle>, extra: Partial<ArticleChange> = {}): ArticleChange => {
  const next = stored(fields);
  return {
    autor: 'Edu',
    acao: 'editado',
    id_pessoa: 5,
    content: { titulo: next.titulo, titulo_url: next.titulo_url, conteudo: next.conteudo, descricao: next.descricao, keywords: next.keywords, imagem: null },
    ...extra,
  };
};
const save = (current: StoredArticle, change: ArticleChange) => storedUpdate(current, applyChange(workingCopy(current), change, NOW), change);
const reachOf = (current: StoredArticle, change: ArticleChange) => publicReach(current, save(current, change), NOW);

describe('how far a change reaches for readers', () => {
  it('reaches nowhere while the article is a draft, scheduled for later or unpublished, whatever changed', () => {
    for (const hidden of [
      stored({ status: 'rascunho', ja_publicado: false }),
      stored({ status: 'agendado', publicar_em: '2026-12-01T10:00:00.000Z', ja_publicado: false }),
      stored({ status: 'despublicado' }),
    ]) {
      expect(reachOf(hidden, edit({ titulo: 'Outro título', conteudo: '<p>Outro.</p>' }))).toBe('none');
      expect(publicReach(hidden, save(hidden, edit({})), NOW, true)).toBe('none');
    }
    expect(tagsTouchedBy({ type: 'article-changed', id: 1, reach: 'none' })).toEqual([]);
  });

  it('reaches nowhere when a clinical article\'s edit is held for medical review, and as far as the approval shows it', () => {
    const article = stored({ clinico: true });
    const public_ = { ...article, revisao_medica: { id_pessoa: 9, revisor: 'Dr. João Lima', data: NOW, versao: 4, digest: reviewDigest(article), clinico: true } };
    const held = save(public_, edit({ titulo: 'Pressão alta: o que mudou' }));
    expect(held.pendente).toBeTruthy();
    expect(publicReach(public_, held, NOW)).toBe('none');
    expect(publicReach(held, approvedArticle(held, { id_pessoa: 9, revisor: 'Dr. João Lima', proxima_revisao: '2027-11-27' }, NOW), NOW)).toBe('summary');
  });

  it('reaches the public pages when the article is or becomes public', () => {
    const article = stored();
    expect(reachOf(article, edit({ conteudo: '<p>Meça três vezes.</p>' }))).toBe('body');
    expect(reachOf(article, edit({ titulo: 'Outro título' }))).toBe('summary');
    const draft = stored({ status: 'rascunho', ja_publicado: false });
    expect(reachOf(draft, edit({}, { acao: 'publicado', status: { status: 'publicado', publicar_em: null } }))).toBe('placement');
    expect(reachOf(article, edit({}, { acao: 'despublicado', status: { status: 'despublicado', publicar_em: null } }))).toBe('placement');
    // Saved again unchanged: nothing a reader sees differs.
    expect(reachOf(article, edit({}, { relevante: false }))).toBe('none');
  });

  it('counts a creation or removal only for an article readers see', () => {
    expect(presenceReach({ status: 'rascunho', publicar_em: null }, NOW)).toBe('none');
    expect(presenceReach({ status: 'agendado', publicar_em: '2026-12-01T10:00:00.000Z' }, NOW)).toBe('none');
    expect(presenceReach({ status: 'agendado', publicar_em: '2026-11-01T10:00:00.000Z' }, NOW)).toBe('placement');
    expect(presenceReach({ status: 'publicado', publicar_em: null }, NOW)).toBe('placement');
  });
});
