import { describe, expect, it } from 'vitest';
import { outlineHeadings, readingMinutes } from '../../../src/content/article-outline.js';

describe('outlineHeadings', () => {
  it('gives h2 and h3 stable ids from their text, unique in the page, and lists them', () => {
    const html =
      '<h2>Como funciona</h2><p>a</p><h3 style="text-align: center">Passo <strong>1</strong> &amp; início</h3>' +
      '<h2>Como funciona</h2><h2>Contatos</h2><h4>Fora</h4><h2> </h2>';
    const { html: withIds, outline } = outlineHeadings(html, ['contatos', 'conteudo']);
    expect(outline).toEqual([
      { level: 2, text: 'Como funciona', id: 'como-funciona' },
      { level: 3, text: 'Passo 1 & início', id: 'passo-1-e-inicio' },
      { level: 2, text: 'Como funciona', id: 'como-funciona-2' },
      { level: 2, text: 'Contatos', id: 'contatos-2' },
    ]);
    expect(withIds).toContain('<h3 id="passo-1-e-inicio" style="text-align: center">Passo <strong>1</strong> &amp; início</h3>');
    expect(withIds).toContain('<h4>Fora</h4>');
    expect(withIds).toContain('<h2> </h2>');
  });

  it('names a heading of symbols only', () => {
    expect(outlineHeadings('<h2>***</h2><h2>!!!</h2>', []).outline.map((entry) => entry.id)).toEqual(['secao', 'secao-2']);
  });
});

describe('readingMinutes', () => {
  it('counts about 200 words a minute, at least one', () => {
    expect(readingMinutes('<p>poucas palavras</p>')).toBe(1);
    expect(readingMinutes(`<p>${'palavra '.repeat(1_200)}</p>`)).toBe(6);
    expect(readingMinutes(`<h2>Título</h2><p>${'palavra '.repeat(6_000)}</p>`)).toBe(30);
  });
});
