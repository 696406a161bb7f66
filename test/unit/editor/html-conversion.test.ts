// @vitest-environment happy-dom
import { convertToRaw } from 'draft-js';
import { describe, expect, it } from 'vitest';
import { contentToHtml } from '../../../src/editor/html/export-html.js';
import { htmlToContent } from '../../../src/editor/html/import-html.js';
import { sanitizeArticleHtml } from '../../../src/lib/sanitize-article-html.js';

const roundTrip = (html: string) => contentToHtml(htmlToContent(html));
const blocksOf = (html: string) => convertToRaw(htmlToContent(html)).blocks;

/** Canonical HTML of every block, inline, mark and entity of spec section 3: read and written back unchanged. */
const CANONICAL: Record<string, string> = {
  paragraph: '<p>Texto simples</p>',
  'empty paragraph between two': '<p>a</p><p></p><p>b</p>',
  bold: '<p>a <strong>negrito</strong></p>',
  italic: '<p><em>itálico</em> b</p>',
  underline: '<p><u>sublinhado</u></p>',
  strikethrough: '<p><s>tachado</s></p>',
  'inline code': '<p>use <code>npm test</code></p>',
  superscript: '<p>x<sup>2</sup></p>',
  subscript: '<p>H<sub>2</sub>O</p>',
  'text colour': '<p><span style="color:#ff0000">vermelho</span></p>',
  'background colour': '<p><span style="background-color:#ffff00">marca-texto</span></p>',
  'both colours': '<p><span style="color:#0000ff"><span style="background-color:#d9d9d9">ambas</span></span></p>',
  'hard break': '<p>linha 1<br />linha 2</p>',
  'link in new tab': '<p><a href="https://exemplo.com.br/a?b=1&amp;c=2" title="Exemplo" target="_blank" rel="noopener noreferrer">link</a></p>',
  'link in same tab': '<p><a href="mailto:contato@exemplo.com" rel="noopener noreferrer">e-mail</a> e <a href="tel:+5511912345678" rel="noopener noreferrer">telefone</a></p>',
  image: '<p><img src="/assets/artigos/3/foto.png" alt="Consultório" title="Foto" width="320" /></p>',
  'external image without title': '<p><img src="https://cdn.exemplo.com/a.jpg" alt="" /></p>',
  'horizontal rule': '<p>antes</p><hr /><p>depois</p>',
  'code block': '<pre><code>const a = 1 &lt; 2;\n  return "ok";</code></pre>',
  heading1: '<h1>Título 1</h1>',
  heading2: '<h2>Título 2</h2>',
  heading3: '<h3>Título 3</h3>',
  heading4: '<h4>Título 4</h4>',
  heading5: '<h5>Título 5</h5>',
  heading6: '<h6>Título 6</h6>',
  blockquote: '<blockquote>Citação</blockquote>',
  'bullet list': '<ul><li>um</li><li>dois</li></ul>',
  'ordered list': '<ol><li>um</li><li>dois</li></ol>',
  'nested lists': '<ul><li>a<ul><li>b<ol><li>c</li></ol></li></ul></li><li>d</li></ul>',
  'aligned paragraph': '<p style="text-align:center">centro</p>',
  'justified heading': '<h2 style="text-align:justify">justificado</h2>',
  'right aligned and indented': '<p style="text-align:right;margin-left:80px">direita</p>',
  'indent 10 on a quote': '<blockquote style="margin-left:400px">recuo máximo</blockquote>',
  'escaped text': `<p>5 &lt; 6 &amp; 7 &gt; 3, "aspas", 'apóstrofo' e \`crase\`</p>`,
  'overlapping marks': '<p><strong>a</strong><strong><em>b</em></strong><em>c</em></p>',
  'images and a line break in a heading': '<h1><img src="/assets/artigos/1/icone.png" alt="ícone" width="24" /><br /><img src="/assets/artigos/1/icone.png" alt="ícone" width="24" /></h1>',
  'image opening a quote line': '<blockquote><img src="/assets/artigos/1/icone.png" alt="ícone" width="24" />?</blockquote>',
};

describe('HTML conversion of the editor schema', () => {
  it.each(Object.entries(CANONICAL))('%s: HTML -> editor -> HTML is unchanged', (_name, html) => {
    expect(roundTrip(html)).toBe(html);
  });

  it.each(Object.entries(CANONICAL))('%s: passes the server sanitiser unchanged', (_name, html) => {
    const produced = roundTrip(html);
    expect(sanitizeArticleHtml(produced)).toBe(produced);
  });

  it('reads blocks into their Draft types, with alignment and indent as block data', () => {
    const blocks = blocksOf(
      '<h3 style="text-align:center;margin-left:40px">t</h3><blockquote style="margin-left:120px">q</blockquote><pre><code>x</code></pre><ol><li>1<ul><li>2</li></ul></li></ol>',
    );
    expect(blocks.map((block) => [block.type, block.depth, block.data])).toEqual([
      ['header-three', 0, { align: 'center', indent: 1 }],
      ['blockquote', 0, { indent: 3 }],
      ['code-block', 0, {}],
      ['ordered-list-item', 0, {}],
      ['unordered-list-item', 1, {}],
    ]);
  });

  it('reads marks into inline styles, colours as lowercase #rrggbb', () => {
    const [block] = blocksOf(
      '<p><s>s</s><sup>p</sup><sub>b</sub><span style="color:rgb(255, 153, 0)">c</span><span style="background-color:#FF0">f</span></p>',
    );
    expect(block!.inlineStyleRanges).toEqual([
      { offset: 0, length: 1, style: 'STRIKETHROUGH' },
      { offset: 1, length: 1, style: 'SUPERSCRIPT' },
      { offset: 2, length: 1, style: 'SUBSCRIPT' },
      { offset: 3, length: 1, style: 'COLOR-#ff9900' },
      { offset: 4, length: 1, style: 'BG-#ffff00' },
    ]);
  });

  it('reads links, images and rules into entities with their data', () => {
    const raw = convertToRaw(
      htmlToContent('<p><a href="https://a.com" title="t" target="_blank">x</a></p><p><img src="/assets/artigos/1/a.png" alt="A" width="50"></p><hr>'),
    );
    expect(Object.values(raw.entityMap)).toEqual([
      { type: 'LINK', mutability: 'MUTABLE', data: { href: 'https://a.com', title: 't', target: '_blank' } },
      { type: 'IMAGE', mutability: 'IMMUTABLE', data: { src: '/assets/artigos/1/a.png', alt: 'A', width: 50 } },
      { type: 'HR', mutability: 'IMMUTABLE', data: {} },
    ]);
    expect(raw.blocks.map((block) => block.type)).toEqual(['unstyled', 'atomic', 'atomic']);
  });

  it('writes an empty document as an empty string', () => {
    expect(roundTrip('')).toBe('');
    expect(roundTrip('<p>   </p>')).toBe('');
  });
});

describe('reduction of foreign HTML to the schema (paste, HTML switch)', () => {
  const cases: [string, string, string][] = [
    ['bold as a numeric weight', '<p><span style="font-weight:700">b</span><span style="font-weight:400">n</span></p>', '<p><strong>b</strong>n</p>'],
    ['synonyms of the marks', '<p><b>b</b> <i>i</i> <del>d</del> <strike>s</strike></p>', '<p><strong>b</strong> <em>i</em> <s>d</s> <s>s</s></p>'],
    ['scripts, styles and handlers', '<p onclick="x()">a<script>alert(1)</script><style>p{}</style></p>', '<p>a</p>'],
    ['javascript: and data: addresses', '<p><a href="javascript:alert(1)">x</a><img src="data:image/png;base64,AA"></p>', '<p>x</p>'],
    ['unknown tags keep their text', '<dl><dt>termo</dt></dl><p><font color="red">f</font></p>', '<p>termo</p><p><span style="color:red">f</span></p>'],
    ['classes and other styles', '<p class="MsoNormal" style="font-size:20px;text-align:left">w</p>', '<p>w</p>'],
    ['Google Docs wrapper', '<b style="font-weight:normal" id="docs-internal-guid-1"><p>texto</p></b>', '<p>texto</p>'],
    ['margins round to indent levels', '<p style="margin-left:45px">a</p><p style="margin-left:900px">b</p>', '<p style="margin-left:40px">a</p><p style="margin-left:400px">b</p>'],
    ['whitespace of formatted HTML', '<p>\n  texto   em\n    várias linhas\n</p>', '<p>texto em várias linhas</p>'],
    ['marks inside a code block', '<pre><code><strong>x</strong> <a href="https://a.com">y</a></code></pre>', '<pre><code>x y</code></pre>'],
    ['an image inside text is kept in place', '<p>a <img src="/assets/x.png"> b</p>', '<p>a <img src="/assets/x.png" alt="" /> b</p>'],
    ['nesting of overlapping marks is normalised', '<p><strong>a<em>b</em></strong><em>c</em></p>', '<p><strong>a</strong><strong><em>b</em></strong><em>c</em></p>'],
    ['transparent colours', '<p><span style="color:rgba(0,0,0,0)">t</span></p>', '<p>t</p>'],
    ['a bare image typed in the source is an image block', '<img src="/assets/artigos/1/a.png" alt="A">texto', '<p><img src="/assets/artigos/1/a.png" alt="A" /></p><p>texto</p>'],
    ['a centred image keeps its centring', '<p style="text-align:center"><a href="https://a.com"><img src="https://a.com/x.png"></a></p>', '<p style="text-align:center"><img src="https://a.com/x.png" alt="" /></p>'],
    ['ol start, a quote of two paragraphs and pre newlines are kept', '<ol start="3"><li>a</li></ol><blockquote><p>um</p><p>dois</p></blockquote><pre>x\n  y</pre>', '<ol start="3"><li>a</li></ol><blockquote><p>um</p><p>dois</p></blockquote><pre><code>x\n  y</code></pre>'],
    ['a paragraph of &nbsp; is kept', '<p>a</p><p>&nbsp;</p><p>b</p>', '<p>a</p><p>\u00a0</p><p>b</p>'],
    ['a table stays a table, its row of <th> the header', '<table><tr><th>Cidade</th><th>Casos</th></tr><tr><td><p>São Paulo</p></td><td>1.234</td></tr></table>', '<table><thead><tr><th scope="col">Cidade</th><th scope="col">Casos</th></tr></thead><tbody><tr><td>São Paulo</td><td>1.234</td></tr></tbody></table>'],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(roundTrip(input)).toBe(expected);
    expect(sanitizeArticleHtml(expected)).toBe(expected);
  });
});
