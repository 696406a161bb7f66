/**
 * npm run bench:draft-convert (run by Vitest in happy-dom, as the editor's unit tests are, so Draft.js
 * imports as in the editor; it measures, it asserts nothing). draft-convert against the editor's own
 * HTML conversion (decision 012), on the project's own corpora:
 * - does draft-convert's convertFromHTML, with hooks for the editor's schema, read back what the editor
 *   writes (the canonical documents of the paste corpus and of generated articles) and the cleaned pastes?
 * - how long do both importers and both exporters take on a 6,000-word article?
 * Prints each failing case (the first few) and the timings (median of 7 runs).
 */
import { convertFromHTML, convertToHTML } from 'draft-convert';
import type { ContentState } from 'draft-js';
import fc from 'fast-check';
import { it } from 'vitest';
import { readBlockAttributes } from '../src/editor/html/block-style.js';
import { contentToHtml } from '../src/editor/html/export-html.js';
import { htmlToContent, readHtml } from '../src/editor/html/import-html.js';
import { elementMarks } from '../src/editor/html/inline-marks.js';
import { parseBody } from '../src/editor/html/parse-body.js';
import { isAllowedImageUrl, isAllowedLinkUrl } from '../src/editor/html/urls.js';
import { BLOCK, ENTITY, HEADING_TYPES } from '../src/editor/schema.js';
import { PASTE_CORPUS } from '../test/fixtures/paste/expected.js';
import { articleHtml } from '../test/unit/editor/document-arbitrary.js';
import { longArticleHtml } from './editor-article.js';

type Content = ContentState;

const HEADINGS: Record<string, string> = {
  h1: HEADING_TYPES[0],
  h2: HEADING_TYPES[1],
  h3: HEADING_TYPES[2],
  h4: HEADING_TYPES[3],
  h5: HEADING_TYPES[4],
  h6: HEADING_TYPES[5],
};

/** convertFromHTML with hooks for the editor's schema: block types and data, marks, links, images, rules. */
const draftConvertImport = (html: string): Content =>
  convertFromHTML({
    htmlToStyle: (nodeName: string, node: Element, current: any) => elementMarks(node, nodeName, current, { paste: false, inLink: false }),
    htmlToBlock: (nodeName: string, node: Element) => {
      const data = readBlockAttributes(node);
      if (HEADINGS[nodeName]) return { type: HEADINGS[nodeName], data };
      if (nodeName === 'blockquote') return { type: BLOCK.blockquote, data };
      if (nodeName === 'pre') return { type: BLOCK.code, data: {} };
      if (
        nodeName === 'hr' ||
        (nodeName === 'p' && node.children.length === 1 && node.firstElementChild?.nodeName === 'IMG' && !node.textContent)
      )
        return { type: BLOCK.atomic, data: {} };
      if (nodeName === 'li') return { type: node.parentElement?.nodeName === 'OL' ? BLOCK.ordered : BLOCK.bullet, data };
      if (nodeName === 'p') return { type: BLOCK.paragraph, data };
      return undefined;
    },
    htmlToEntity: (nodeName: string, node: Element, createEntity: (type: string, mutability: string, data: object) => string) => {
      if (nodeName === 'a' && isAllowedLinkUrl(node.getAttribute('href') ?? '')) {
        const data: Record<string, string> = { href: node.getAttribute('href')! };
        if (node.getAttribute('title')) data.title = node.getAttribute('title')!;
        if (node.getAttribute('target')) data.target = node.getAttribute('target')!;
        return createEntity(ENTITY.link, 'MUTABLE', data);
      }
      if (nodeName === 'img' && isAllowedImageUrl(node.getAttribute('src') ?? '')) {
        const width = Number(node.getAttribute('width'));
        return createEntity(ENTITY.image, 'IMMUTABLE', {
          src: node.getAttribute('src'),
          alt: node.getAttribute('alt') ?? '',
          ...(node.getAttribute('title') ? { title: node.getAttribute('title') } : {}),
          ...(width > 0 ? { width } : {}),
        });
      }
      if (nodeName === 'hr') return createEntity(ENTITY.rule, 'IMMUTABLE', {});
      return undefined;
    },
  })(html, { flat: false }, parseBody);

/** draft-convert's exporter with string hooks for the same schema, to time it against the editor's own. */
const draftConvertExport = (content: Content): string =>
  convertToHTML({
    styleToHTML: (style: string) => {
      const tags: Record<string, string> = {
        BOLD: 'strong',
        ITALIC: 'em',
        UNDERLINE: 'u',
        STRIKETHROUGH: 's',
        CODE: 'code',
        SUPERSCRIPT: 'sup',
        SUBSCRIPT: 'sub',
      };
      if (tags[style]) return { start: `<${tags[style]}>`, end: `</${tags[style]}>` };
      if (style.startsWith('COLOR-')) return { start: `<span style="color:${style.slice(6)}">`, end: '</span>' };
      if (style.startsWith('BG-')) return { start: `<span style="background-color:${style.slice(3)}">`, end: '</span>' };
      return undefined;
    },
    blockToHTML: (block: { type: string }) => {
      const tags: Record<string, string> = { 'header-two': 'h2', 'header-three': 'h3', blockquote: 'blockquote', unstyled: 'p' };
      if (block.type === 'unordered-list-item') return { start: '<li>', end: '</li>', nestStart: '<ul>', nestEnd: '</ul>' };
      if (block.type === 'ordered-list-item') return { start: '<li>', end: '</li>', nestStart: '<ol>', nestEnd: '</ol>' };
      const tag = tags[block.type] ?? 'p';
      return { start: `<${tag}>`, end: `</${tag}>` };
    },
    entityToHTML: (entity: { type: string; data: Record<string, string> }, original: string) =>
      entity.type === ENTITY.link ? `<a href="${entity.data.href}">${original}</a>` : original,
  })(content);

function report(title: string, cases: { name: string; input: string; expected: string }[], read: (html: string) => Content): void {
  const failures = cases.filter(({ input, expected }) => {
    try {
      return contentToHtml(read(input)) !== expected;
    } catch {
      return true;
    }
  });
  console.log(`\n${title}: ${cases.length - failures.length} de ${cases.length} iguais`);
  for (const failure of failures.slice(0, 4)) {
    let got: string;
    try {
      got = contentToHtml(read(failure.input));
    } catch (error) {
      got = `erro: ${String(error)}`;
    }
    let at = 0;
    while (at < got.length && got[at] === failure.expected[at]) at += 1;
    const around = (text: string) => text.slice(Math.max(0, at - 60), at + 100);
    console.log(`  ✗ ${failure.name}, a partir do caractere ${at}\n    esperado: …${around(failure.expected)}\n    obtido:   …${around(got)}`);
  }
}

it("compares draft-convert with the editor's own conversion (prints; asserts nothing)", () => {
  const canonical = PASTE_CORPUS.map(([name, expected]) => ({ name, input: expected, expected }));
  const generated = fc.sample(articleHtml, { numRuns: 200, seed: 16 }).map((html, index) => {
    const expected = contentToHtml(htmlToContent(html));
    return { name: `documento gerado ${index}`, input: expected, expected };
  });
  for (const [name, read] of [
    ['importador próprio', htmlToContent],
    ['draft-convert', draftConvertImport],
  ] as const) {
    console.log(`\n=== ${name}`);
    report('o HTML que o editor grava, lido de volta (corpus de colagens, forma canônica)', canonical, read);
    report('o HTML que o editor grava, lido de volta (200 documentos gerados)', generated, read);
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  function time(run: () => unknown): number {
    run();
    const samples: number[] = [];
    for (let round = 0; round < 7; round += 1) {
      const start = performance.now();
      run();
      samples.push(performance.now() - start);
    }
    return median(samples);
  }
  const long = contentToHtml(htmlToContent(longArticleHtml(6000)));
  const content = readHtml(long).content;
  console.log(`\nartigo de 6.000 palavras (${(long.length / 1024).toFixed(0)} KB de HTML), mediana de 7:`);
  console.log(
    `  HTML -> editor: próprio ${time(() => htmlToContent(long)).toFixed(1)} ms, draft-convert ${time(() => draftConvertImport(long)).toFixed(1)} ms`,
  );
  console.log(
    `  editor -> HTML: próprio ${time(() => contentToHtml(content)).toFixed(1)} ms, draft-convert ${time(() => draftConvertExport(content)).toFixed(1)} ms`,
  );
});
