import { foldedWords, matchesTerms } from '../lib/search-text.js';
import { plainText } from './excerpt.js';

/** A piece of a snippet: plain text, or a word the search asked for. */
export interface SnippetPart {
  text: string;
  mark: boolean;
}

/** About this many characters of text around the first match. */
const SNIPPET_LENGTH = 220;
/** How much of that comes before the first match. */
const BEFORE_MATCH = 60;
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

interface Word {
  start: number;
  end: number;
  matched: boolean;
}

const PLAIN_WORD = /^[a-z0-9]+$/;

/** A word already without accents (most of them) skips Unicode normalisation. */
function matches(word: string, terms: string[]): boolean {
  const lower = word.toLowerCase();
  return PLAIN_WORD.test(lower) ? matchesTerms(lower, terms) : foldedWords(word).some((folded) => matchesTerms(folded, terms));
}

function wordsOf(text: string, terms: string[]): Word[] {
  return [...text.matchAll(WORD)].map((found) => ({
    start: found.index,
    end: found.index + found[0].length,
    matched: matches(found[0], terms),
  }));
}

/**
 * The passage of an article a result shows: from the body where a term first appears, else from the
 * description, else the description's start; computed in JavaScript so that both databases show the
 * same. Cut at words, with "…" where text was left out.
 */
export function searchSnippet(article: { descricao: string; conteudo: string }, terms: string[]): SnippetPart[] {
  const sources = [plainText(article.conteudo), article.descricao.trim()];
  for (const text of sources) {
    const words = wordsOf(text, terms);
    const first = words.findIndex((word) => word.matched);
    if (first !== -1) return passage(text, words, words[first]!.start);
  }
  const fallback = sources[1] || sources[0]!;
  return passage(fallback, wordsOf(fallback, terms), 0);
}

function passage(text: string, words: Word[], around: number): SnippetPart[] {
  const from = words.find((word) => word.end > around - BEFORE_MATCH)?.start ?? 0;
  const inside = words.filter((word) => word.start >= from && word.end <= from + SNIPPET_LENGTH);
  const last = inside.at(-1);
  const to = last === undefined ? Math.min(text.length, from + SNIPPET_LENGTH) : last === words.at(-1) ? text.length : last.end;
  const parts: SnippetPart[] = [];
  let at = from;
  const plain = (end: number) => {
    if (end > at) parts.push({ text: text.slice(at, end), mark: false });
  };
  if (from > 0) parts.push({ text: '…', mark: false });
  for (const word of inside) {
    if (!word.matched) continue;
    plain(word.start);
    parts.push({ text: text.slice(word.start, word.end), mark: true });
    at = word.end;
  }
  plain(to);
  if (to < text.length) parts.push({ text: '…', mark: false });
  return parts;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/** The snippet as HTML for the API: the text escaped, the matched words in <mark>. */
export function snippetHtml(parts: SnippetPart[]): string {
  return parts.map((part) => (part.mark ? `<mark>${escapeHtml(part.text)}</mark>` : escapeHtml(part.text))).join('');
}
