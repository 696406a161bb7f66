// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { EditorState } from 'draft-js';
import { describe, expect, it } from 'vitest';
import { contentToHtml } from '../../../src/editor/html/export-html.js';
import { htmlToContent } from '../../../src/editor/html/import-html.js';
import { noticeMessages } from '../../../src/editor/html/import-notices.js';
import { hasAddress, plainTextToContent, readPastedHtml } from '../../../src/editor/html/paste-html.js';
import { insertFragment } from '../../../src/editor/state/insert-fragment.js';
import { sanitizeArticleHtml } from '../../../src/lib/sanitize-article-html.js';
import { PASTE_CORPUS as CORPUS, PLAIN_TEXT_EXPECTED } from '../../fixtures/paste/expected.js';

const fixture = (name: string) => readFileSync(`test/fixtures/paste/${name}`, 'utf8');

describe('paste corpus (test/fixtures/paste)', () => {
  it.each(CORPUS)('%s is normalised to the schema', (name, expected, notices) => {
    const result = readPastedHtml(fixture(name));
    expect(contentToHtml(result.content)).toBe(expected);
    expect(noticeMessages(result.notices)).toEqual(notices);
  });

  it.each(CORPUS)('%s gives HTML that the server stores unchanged and reads back the same', (_name, expected) => {
    expect(sanitizeArticleHtml(expected)).toBe(expected);
    expect(contentToHtml(htmlToContent(expected))).toBe(expected);
  });

  it('plain text links its web and e-mail addresses (http, https, mailto only)', () => {
    const text = fixture('plain-text.txt');
    expect(hasAddress(text)).toBe(true);
    expect(contentToHtml(plainTextToContent(text))).toBe(PLAIN_TEXT_EXPECTED);
    expect(hasAddress('sem endereço: javascript:alert(1)')).toBe(false);
  });

  it('announces every kind of content it drops', () => {
    const result = readPastedHtml(
      '<p>a</p><video src="https://a.com/v.mp4"></video><audio src="https://a.com/a.mp3"></audio><form><input name="x"></form><svg></svg><object data="x"></object><img src="file:///C:/foto.png">',
    );
    expect(contentToHtml(result.content)).toBe('<p>a</p>');
    expect(noticeMessages(result.notices)).toEqual([
      'Um vídeo foi removido: o editor não aceita vídeos.',
      'Um áudio foi removido: o editor não aceita áudio.',
      'Um formulário foi removido: o editor não aceita campos de formulário.',
      'Um gráfico desenhado (SVG ou canvas) foi removido: use uma imagem no lugar dele.',
      'Um conteúdo incorporado foi removido: o editor não aceita incorporações.',
      'Uma imagem foi removida: o endereço dela não é aceito. Envie o arquivo em "Imagens" e insira-o pelo botão Imagem.',
    ]);
  });

  it('drops every pasted text colour and background (the toolbar gives colours), and marks bold, italic and baseline shifts given as styles (issue 34)', () => {
    const { content } = readPastedHtml(
      '<p><span style="color:#000000;background-color:#ffffff">a</span><span style="color:rgb(21, 38, 45)">b</span><span style="font-weight:bold;font-style:italic">c</span><span style="vertical-align:sub">d</span><span style="color:transparent;background:white">e</span><span style="color:darkgreen">f</span><font color="red">g</font><span style="background:yellow">h</span></p><h3><span style="color:#053f3c">i</span></h3>',
    );
    expect(contentToHtml(content)).toBe('<p>ab<strong><em>c</em></strong><sub>d</sub>efgh</p><h3>i</h3>');
    // The editor's own HTML (the HTML switch, a stored article) keeps its colours.
    expect(contentToHtml(htmlToContent('<p><span style="color:#980000">f</span></p>'))).toBe('<p><span style="color:#980000">f</span></p>');
  });

  it('a pasted Heading 1 (Word, Docs, LibreOffice, a web page) is an H2: the page\'s H1 is the article\'s title (issue 34)', () => {
    const { content } = readPastedHtml('<h1 class="MsoTitle">Título 1</h1><h2>Dois</h2>');
    expect(contentToHtml(content)).toBe('<h2>Título 1</h2><h2>Dois</h2>');
    expect(contentToHtml(htmlToContent('<h1>Digitado</h1>'))).toBe('<h1>Digitado</h1>');
  });

  it('a pasted run of spaces keeps its width with at most one no-break space per pair of spaces (issue 34)', () => {
    const nbsp = '\u00a0';
    const long = readPastedHtml(`<p>a${'&nbsp;'.repeat(72)}b</p>`);
    const text = long.content.getFirstBlock().getText();
    expect(text.length).toBe(74);
    expect(text.split(nbsp).length - 1).toBe(36);
    expect(text).not.toContain(`${nbsp}${nbsp}`);
    expect(text).not.toContain('  ');
    // Word's spacerun: "2Foo   3Bar4" keeps its three spaces.
    const word = readPastedHtml("<p class=MsoNormal>2Foo<span style='mso-spacerun:yes'>&nbsp;&nbsp; </span>3Bar4<o:p></o:p></p>");
    expect(word.content.getFirstBlock().getText()).toBe(`2Foo ${nbsp} 3Bar4`);
  });

  it('an image of another site in a paste is never linked: a placeholder that asks for the file stands in its place, with a notice (issue 34)', () => {
    const { content, notices, embedded } = readPastedHtml(
      '<p>Antes</p><p><img src="https://lh7-rt.googleusercontent.com/docsz/AD_4nX.png" alt="Gráfico"></p><p>Texto com <img src="https://cdn.example.com/icone.png"> ícone</p>',
    );
    const html = contentToHtml(content);
    expect(html).not.toContain('googleusercontent');
    expect(html).not.toContain('<img');
    expect(html).toBe('<p>Antes</p><p>Texto com ícone</p>');
    expect(embedded).toEqual([]);
    const remote = content
      .getBlocksAsArray()
      .flatMap((block) => block.getCharacterList().toArray().map((character) => character.getEntity()))
      .filter((key): key is string => Boolean(key))
      .map((key) => content.getEntity(key).getData() as { remote?: boolean });
    expect(remote.filter((data) => data.remote === true)).toHaveLength(2);
    expect(noticeMessages(notices)).toEqual(['2 imagens de outros sites não foram copiadas: envie os arquivos delas e insira-os nos lugares marcados.']);
  });

  it('Word headings that carry list numbering are list items with their level and text: outline numbers are numbers, bullets stay bullets', () => {
    const heading = (tag: string, level: number, marker: string, text: string) =>
      `<${tag} style='mso-list:l0 level${level} lfo1'><!--[if !supportLists]--><span style='mso-list:Ignore'>${marker}<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span><!--[endif]-->${text}<o:p></o:p></${tag}>`;
    const numbered = readPastedHtml(heading('h2', 1, '3', 'Riscos') + heading('h3', 2, '3.1', 'Renais') + heading('h3', 2, '3.2.', 'Cardíacos'));
    expect(contentToHtml(numbered.content)).toBe('<ol start="3"><li>Riscos<ol><li>Renais</li><li>Cardíacos</li></ol></li></ol>');
    const bulleted = readPastedHtml(heading('h1', 1, '·', 'Um') + heading('h2', 2, 'o', 'Dois') + heading('h3', 3, '§', 'Três'));
    expect(contentToHtml(bulleted.content)).toBe('<ul><li>Um<ul><li>Dois<ul><li>Três</li></ul></li></ul></li></ul>');
  });

  it('a list that opens with its nested list (<ul><ul>) keeps each item\'s depth relative to its neighbours: the first item\'s siblings stay its siblings (issue 34)', () => {
    // Without aria-level: the depth comes from the structure, or from margin-left where the items carry it.
    const structural = readPastedHtml('<ul><ul><li>a</li><ul><li>b</li></ul><li>c</li></ul><li>d</li><ul><li>e</li></ul></ul>');
    expect(contentToHtml(structural.content)).toBe('<ul><li>a<ul><li>b</li></ul></li><li>c</li><li>d<ul><li>e</li></ul></li></ul>');
    const margins = readPastedHtml(
      '<ul><ul><li style="margin-left:72pt">a</li><li style="margin-left:72pt">c</li></ul><li style="margin-left:36pt">d</li><ul><li style="margin-left:72pt">e</li></ul></ul>',
    );
    expect(contentToHtml(margins.content)).toBe('<ul><li>a</li><li>c</li><li>d<ul><li>e</li></ul></li></ul>');
    // With aria-level (Google Docs): after an item shallower than the first, deeper items are its children again.
    const levels = readPastedHtml('<ul><li aria-level="3">a</li><li aria-level="2">b</li><li aria-level="3">c</li><li aria-level="4">d</li><li aria-level="2">e</li></ul>');
    expect(contentToHtml(levels.content)).toBe('<ul><li>a</li><li>b<ul><li>c<ul><li>d</li></ul></li></ul></li><li>e</li></ul>');
  });

  it('a list pasted into a nested list item goes on at that item\'s depth, each item at its depth relative to the first (issue 34)', () => {
    const pasteInto = (html: string) => {
      const state = EditorState.moveFocusToEnd(EditorState.createWithContent(htmlToContent(html)));
      return contentToHtml(insertFragment(state, readPastedHtml(fixture('google-docs-nested-partial-list.html')).content.getBlockMap()).getCurrentContent());
    };
    const pasted =
      '<li>na altura do coração<ul><li>Manguito do tamanho do braço</li></ul></li><li>Cinco minutos de repouso</li><li>Registrar no prontuário<ul><li>Anotar o braço usado</li><li>Anotar o horário</li></ul></li><li>Repetir em duas semanas</li>';
    expect(pasteInto('<ul><li>Medir em duas consultas<ul><li></li></ul></li></ul>')).toBe(`<ul><li>Medir em duas consultas<ul>${pasted}</ul></li></ul><p>Depois da lista.</p>`);
    expect(pasteInto('<ul><li>Medir em duas consultas</li><li></li></ul>')).toBe(`<ul><li>Medir em duas consultas</li>${pasted}</ul><p>Depois da lista.</p>`);
  });

  it('nests a flat list by the margin-left of its items', () => {
    const { content } = readPastedHtml(
      '<ul><li style="margin-left:36pt">a</li><li style="margin-left:72pt">b</li><li style="margin-left:108pt">c</li><li style="margin-left:36pt">d</li></ul>',
    );
    expect(contentToHtml(content)).toBe('<ul><li>a<ul><li>b<ul><li>c</li></ul></li></ul></li><li>d</li></ul>');
  });
});
