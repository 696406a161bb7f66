import { describe, expect, it } from 'vitest';
import { chooseRelated, wordsOf } from '../../../src/content/related-reading.js';
import type { Article } from '../../../src/db/repository.js';
import { makeArticle } from '../../support/article-fixture.js';

const article = (id: number, titulo: string, descricao = '', data_publicacao = '2026-01-01T00:00:00.000Z'): Article =>
  makeArticle({ id, titulo, descricao, data_publicacao });

describe('Leia também', () => {
  it('keeps the meaningful words, accents and case folded', () => {
    expect([...wordsOf({ titulo: 'Receita Digital: o que é', descricao: 'Prescrição para os pacientes' })]).toEqual(['receita', 'digital', 'prescricao', 'pacientes']);
  });

  it('puts more shared topics first, then more alike words, then the newest, never the article itself, three at most', () => {
    const self = article(1, 'Receita digital no consultório', 'Prescrição eletrônica com assinatura');
    const candidates = [
      { article: article(2, 'Agenda online', 'Marcação de consultas', '2026-03-01T00:00:00.000Z'), shared: 0 },
      { article: article(3, 'Receita digital passo a passo', 'Assinatura da prescrição'), shared: 1 },
      { article: article(4, 'Telemedicina', 'Consultas a distância', '2026-02-01T00:00:00.000Z'), shared: 1 },
      { article: article(5, 'LGPD no consultório', 'Dados dos pacientes'), shared: 2 },
      { article: self, shared: 3 },
    ];
    expect(chooseRelated(self, candidates).map((related) => related.id)).toEqual([5, 3, 4]);
    expect(chooseRelated(self, candidates, 5).map((related) => related.id)).toEqual([5, 3, 4, 2]);
  });
});
