import { describe, expect, it } from 'vitest';
import { searchSnippet, snippetHtml } from '../../../src/content/search-snippet.js';
import { searchTerms } from '../../../src/lib/search-text.js';
import { readSearchRequest } from '../../../src/routes/search.js';

const marked = (article: { descricao: string; conteudo: string }, query: string) => snippetHtml(searchSnippet(article, searchTerms(query)));

describe('the snippet of a search result', () => {
  it('marks every form of the words asked, from the body where they first appear', () => {
    const article = { descricao: 'Resumo.', conteudo: '<p>Os <strong>Prontuários</strong> e o prontuario&nbsp;único.</p>' };
    expect(marked(article, 'prontuário')).toBe('Os <mark>Prontuários</mark> e o <mark>prontuario</mark> único.');
  });

  it('escapes the text, and marks inside nothing but words', () => {
    const article = { descricao: '', conteudo: '<p>Receita &lt;script&gt;alert(1)&lt;/script&gt; &amp; receitas</p>' };
    expect(marked(article, 'receita')).toBe('<mark>Receita</mark> &lt;script&gt;alert(1)&lt;/script&gt; &amp; <mark>receitas</mark>');
  });

  it('cuts a long body around the first match, at words, with ellipses', () => {
    const filler = 'palavra '.repeat(60);
    const snippet = marked({ descricao: '', conteudo: `<p>${filler}consultório ${filler}</p>` }, 'consultorios');
    expect(snippet.startsWith('…palavra')).toBe(true);
    expect(snippet.endsWith('palavra…')).toBe(true);
    expect(snippet).toContain('<mark>consultório</mark>');
    expect(snippet.replace(/<\/?mark>/g, '').length).toBeLessThanOrEqual(230);
  });

  it('falls back to the description, then to its start when only the title matched', () => {
    expect(marked({ descricao: 'Agenda e receitas.', conteudo: '<p>Outro texto.</p>' }, 'receita')).toBe('Agenda e <mark>receitas</mark>.');
    expect(marked({ descricao: 'Sem a palavra.', conteudo: '<p>Outro texto.</p>' }, 'receita')).toBe('Sem a palavra.');
  });
});

describe('reading a search request', () => {
  const read = (query: string) => readSearchRequest(new URLSearchParams(query));

  it('reads the words and the page, leniently', () => {
    expect(read('q=+Receitas+digitais+')).toEqual({ kind: 'search', query: 'Receitas digitais', terms: ['receit', 'digit'], page: 1 });
    expect(read('q=receita&pagina=3')).toMatchObject({ kind: 'search', page: 3 });
    for (const page of ['0', '-2', 'abc', '1.5', '99999999999999999999']) expect(read(`q=receita&pagina=${page}`)).toMatchObject({ page: 1 });
    expect(read('q=receita&q=outra')).toMatchObject({ query: 'receita' });
  });

  it('tells empty, too long and symbols-only queries apart', () => {
    expect(read('')).toEqual({ kind: 'empty' });
    expect(read('q=+++')).toEqual({ kind: 'empty' });
    expect(read(`q=${'a'.repeat(201)}`)).toEqual({ kind: 'too-long', query: 'a'.repeat(200) });
    expect(read(`q=${'a'.repeat(200)}`)).toMatchObject({ kind: 'search' });
    expect(read('q=%25%3F%21')).toEqual({ kind: 'no-words', query: '%?!' });
    expect(read('q=de+para')).toEqual({ kind: 'no-words', query: 'de para' });
  });
});
