import fc from 'fast-check';
import { COLOR_PRESETS } from '../../../src/editor/schema.js';

/**
 * Random article documents written as HTML in the schema of spec section 3, in loose spellings
 * (any mark order, redundant nesting, spaces) as a person or another editor might write them.
 */

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

const word = fc.stringMatching(/^[A-Za-z0-9áéçãõÁÉ&<>"'`?!.,;:()-]{1,8}$/);
const text = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
const MARK_TAGS = ['strong', 'em', 'u', 's', 'code', 'sup', 'sub', 'b', 'i'] as const;
const color = fc.constantFrom(...COLOR_PRESETS);
const href = fc.constantFrom('https://exemplo.com.br/a', 'http://site.org/?q=1&x=2', 'mailto:a@b.com', 'tel:+5511912345678');

const run = fc
  .record({
    text,
    marks: fc.uniqueArray(fc.constantFrom(...MARK_TAGS), { maxLength: 3 }),
    color: fc.option(color),
    background: fc.option(color),
    link: fc.option(fc.record({ href, title: fc.option(word), blank: fc.boolean() })),
    leadingSpace: fc.boolean(),
  })
  .map((r) => {
    let html = escapeText(r.text);
    for (const tag of r.marks) html = `<${tag}>${html}</${tag}>`;
    if (r.color) html = `<span style="color:${r.color}">${html}</span>`;
    if (r.background) html = `<span style="background-color: ${r.background}">${html}</span>`;
    if (r.link) {
      const title = r.link.title ? ` title="${escapeAttribute(r.link.title)}"` : '';
      html = `<a href="${escapeAttribute(r.link.href)}"${title}${r.link.blank ? ' target="_blank"' : ''}>${html}</a>`;
    }
    return (r.leadingSpace ? ' ' : '') + html;
  });

const inlineImage = fc
  .constantFrom('/assets/artigos/1/icone.png', 'https://cdn.exemplo.com/selo.png')
  .map((src) => ` <img src="${src}" alt="ícone" width="24">`);

const inline = fc.array(fc.oneof({ weight: 5, arbitrary: run }, { weight: 1, arbitrary: fc.constant('<br>') }, { weight: 1, arbitrary: inlineImage }), {
  minLength: 1,
  maxLength: 5,
}).map((parts) => parts.join(''));

const blockStyle = fc
  .record({ align: fc.constantFrom('', 'left', 'center', 'right', 'justify'), indent: fc.integer({ min: 0, max: 10 }) })
  .map(({ align, indent }) => {
    const rules = [align ? `text-align: ${align}` : '', indent ? `margin-left: ${indent * 40}px` : ''].filter(Boolean);
    return rules.length ? ` style="${rules.join('; ')}"` : '';
  });

const paragraph = fc.tuple(blockStyle, inline).map(([style, html]) => `<p${style}>${html}</p>`);
const heading = fc
  .tuple(fc.integer({ min: 1, max: 6 }), blockStyle, inline)
  .map(([level, style, html]) => `<h${level}${style}>${html}</h${level}>`);
const quote = fc
  .tuple(fc.integer({ min: 0, max: 10 }), fc.array(inline, { minLength: 1, maxLength: 3 }))
  .map(([indent, paragraphs]) => {
    const body = paragraphs.length === 1 ? paragraphs[0] : paragraphs.map((html) => `<p>${html}</p>`).join('\n');
    return `<blockquote${indent ? ` style="margin-left:${indent * 40}px"` : ''}>${body}</blockquote>`;
  });
const blankParagraph = fc.constant('<p>&nbsp;</p>');
const code = fc
  .array(fc.stringMatching(/^[ a-z0-9<>&"=;(){}]{1,20}$/), { minLength: 1, maxLength: 3 })
  .map((lines) => `<pre><code>${escapeText(lines.join('\n').trim() || 'x')}</code></pre>`);
const image = fc
  .record({
    src: fc.constantFrom('/assets/artigos/1/foto.png', 'https://cdn.exemplo.com/x.jpg'),
    alt: fc.option(word),
    title: fc.option(word),
    width: fc.option(fc.integer({ min: 20, max: 2000 })),
    align: fc.constantFrom('', 'center', 'right'),
  })
  .map((i) => {
    const attributes = [`src="${i.src}"`];
    if (i.alt) attributes.push(`alt="${escapeAttribute(i.alt)}"`);
    if (i.title) attributes.push(`title="${escapeAttribute(i.title)}"`);
    if (i.width) attributes.push(`width="${i.width}"`);
    return `<p${i.align ? ` style="text-align:${i.align}"` : ''}><img ${attributes.join(' ')}></p>`;
  });
const rule = fc.constant('<hr>');

function list(depth: number): fc.Arbitrary<string> {
  const item =
    depth >= 4
      ? inline.map((html) => `<li>${html}</li>`)
      : fc
          .tuple(inline, fc.option(fc.constant(null).chain(() => list(depth + 1)), { freq: 3 }))
          .map(([html, child]) => `<li>${html}${child ?? ''}</li>`);
  return fc
    .tuple(fc.constantFrom('ul', 'ol'), fc.array(item, { minLength: 1, maxLength: 3 }), fc.option(fc.integer({ min: 2, max: 40 })))
    .map(([tag, items, start]) => `<${tag}${tag === 'ol' && start ? ` start="${start}"` : ''}>${items.join('')}</${tag}>`);
}

export const articleHtml = fc
  .array(fc.oneof(paragraph, heading, quote, code, image, rule, blankParagraph, list(0)), { minLength: 1, maxLength: 6 })
  .map((blocks) => blocks.join('\n'));
