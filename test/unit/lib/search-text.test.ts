import { describe, expect, it } from 'vitest';
import { foldText, indexHtml, indexText, matchesTerms, prefixTerms, searchTerms } from '../../../src/lib/search-text.js';

describe('Portuguese search terms', () => {
  it('folds accents and case before stemming, so what readers type meets what was written', () => {
    expect(foldText('PRONTUÁRIO Eletrônico, ação')).toBe('prontuario eletronico, acao');
    expect(searchTerms('prontuario')).toEqual(searchTerms('Prontuário'));
    expect(searchTerms('consultorios')).toEqual([indexText('consultório')]);
    expect(searchTerms('receitas')).toEqual([indexText('receita')]);
    expect(searchTerms('Médicos')).toEqual(searchTerms('medico'));
  });

  it('gives the Snowball Portuguese stems PostgreSQL gives over unaccent() (checked by ts_lexize on these words)', () => {
    expect(indexText('prontuário consultórios receitas pacientes informações clínicas agendamento')).toBe(
      'prontuari consultori receit pacient informaco clinic agend',
    );
  });

  it("drops PostgreSQL's Portuguese stop words, keeps words with digits whole, at most 8 distinct terms", () => {
    expect(searchTerms('receita de bolo para o paciente')).toEqual(['receit', 'bol', 'pacient']);
    expect(searchTerms('covid19 2026 receita receitas')).toEqual(['covid19', '2026', 'receit']);
    expect(searchTerms('um dois tres quatro cinco seis sete oito nove dez onze')).toHaveLength(8);
  });

  it("asks the editors' search by the stem's beginning, one or two letters whole, never an operator", () => {
    expect(prefixTerms('prontu')).toEqual(['prontu*']);
    expect(prefixTerms('Prontuários de pacientes')).toEqual(['prontuari*', 'pacient*']);
    expect(prefixTerms('rx 5 ab')).toEqual(['rx', '5', 'ab']);
    expect(prefixTerms('prontu* OR "x" & !y:*')).toEqual(['prontu*', 'or', 'x', 'y']);
    expect(prefixTerms('%%')).toEqual([]);
  });

  it('has no term for symbols, stop words or nothing', () => {
    expect(searchTerms('% _ ? <>')).toEqual([]);
    expect(searchTerms('de para com')).toEqual([]);
    expect(searchTerms('')).toEqual([]);
  });

  it('reads an SQL-looking or HTML search as plain words', () => {
    expect(searchTerms("' OR 1=1; DROP TABLE artigos; --")).toEqual(['or', '1', 'drop', 'tabl', 'artig']);
    expect(searchTerms('<script>alert(1)</script>')).toEqual(['script', 'alert', '1']);
  });

  it('indexes the words of article HTML, never its tags, attributes or entities', () => {
    expect(indexHtml('<p class="x">Receitas&nbsp;digitais<br><img alt="foto do consultório"></p><h2>Agenda</h2>')).toBe('receit digit agend');
  });

  it('matches a text word against the terms, whole', () => {
    const terms = searchTerms('receitas clínica');
    expect(matchesTerms('receita', terms)).toBe(true);
    expect(matchesTerms('clinicas', terms)).toBe(true);
    expect(matchesTerms('clinicamente', searchTerms('clin'))).toBe(false);
    expect(matchesTerms('receptor', terms)).toBe(false);
    expect(matchesTerms('de', terms)).toBe(false);
  });
});
