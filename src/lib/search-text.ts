import { stemmer } from '@orama/stemmers/portuguese';

/**
 * Portuguese search terms, computed the way PostgreSQL's `portuguese` configuration computes them over
 * `unaccent()` (decision 021): accents folded first, then lower case, PostgreSQL's Portuguese stop
 * words dropped, and the Snowball Portuguese stemmer applied to words of letters (words with digits are
 * kept whole, as PostgreSQL's `simple` dictionary keeps numbers). SQLite indexes this text, and both
 * databases are asked with these terms, so the two find the same articles.
 */

/** At most this many words of a search are looked up. */
export const MAX_SEARCH_TERMS = 8;

/**
 * PostgreSQL's portuguese.stop, as it applies after unaccent(): the words with accents never meet a
 * folded word there, so only the plain ones are kept.
 */
const STOP_WORDS = new Set(
  `de a o que e do da em um para com uma os no se na por mais as dos como mas ao ele das seu sua ou quando
  muito nos eu pelo pela isso ela entre depois sem mesmo aos seus quem nas me esse eles essa num
  nem suas meu minha numa pelos elas qual lhe deles essas esses pelas este dele tu te vos lhes meus minhas
  teu tua teus tuas nosso nossa nossos nossas dela delas esta estes estas aquele aquela aqueles aquelas isto
  aquilo estou estamos estive esteve estivemos estiveram estava estavam estivera esteja estejamos estejam
  estivesse estivessem estiver estivermos estiverem hei havemos houve houvemos houveram houvera haja hajamos
  hajam houvesse houvessem houver houvermos houverem houverei houveremos houveria houveriam sou somos era
  eram fui foi fomos foram fora seja sejamos sejam fosse fossem for formos forem serei seremos seria
  seriam tenho tem temos tinha tinham tive teve tivemos tiveram tivera tenha tenhamos tenham tivesse
  tivessem tiver tivermos tiverem terei teremos teria teriam`.split(/\s+/),
);

const TAG = /<[^>]*>/g;
/** PostgreSQL's parser reads an entity as a token of its own, which no dictionary indexes. */
const ENTITY = /&(?:#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi;
const DIACRITIC = /\p{Mn}/gu;
const NOT_WORD = /[^a-z0-9]+/;
const DIGIT = /\d/;

/** Accents folded and lower case, as unaccent() and the parser leave a word. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(DIACRITIC, '').toLowerCase();
}

/** The folded words of a text, in order (letters and digits only). */
export function foldedWords(text: string): string[] {
  return foldText(text).split(NOT_WORD).filter(Boolean);
}

/**
 * Stems already computed. Words repeat (a language has far fewer words than its texts), and stemming
 * was a third of the time of indexing an article (seeding 10,000 articles).
 */
const termCache = new Map<string, string | null>();
const MAX_CACHED_TERMS = 100_000;

/** A folded word as the index holds it, or null for a stop word. */
export function termOf(word: string): string | null {
  let term = termCache.get(word);
  if (term === undefined) {
    term = STOP_WORDS.has(word) ? null : DIGIT.test(word) ? word : stemmer(word);
    if (termCache.size >= MAX_CACHED_TERMS) termCache.clear();
    termCache.set(word, term);
  }
  return term;
}

/** The terms of plain text (title, description), space-separated: what the SQLite index holds. */
export function indexText(text: string): string {
  const terms: string[] = [];
  for (const word of foldedWords(text)) {
    const term = termOf(word);
    if (term) terms.push(term);
  }
  return terms.join(' ');
}

/** The terms of sanitised article HTML: tags and entities are not words. */
export function indexHtml(html: string): string {
  return indexText(html.replace(TAG, ' ').replace(ENTITY, ' '));
}

/**
 * What a search asks: its distinct terms, in order, each matched whole (the stem already joins plurals
 * and inflections; a prefix would make the search index merge every term it begins, per article, which
 * cost 60 ms for a common word at 20,000 articles). Empty when the search has no word to look up (only
 * symbols or stop words).
 */
export function searchTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of foldedWords(text)) {
    const term = termOf(word);
    if (term && !terms.includes(term)) terms.push(term);
    if (terms.length === MAX_SEARCH_TERMS) break;
  }
  return terms;
}

/** Shorter terms are matched whole: a prefix of one or two letters begins too many of the index's terms. */
const MIN_PREFIX = 3;

/**
 * What the editors' search asks: searchTerms(), each term of three characters or more as a prefix (`*`
 * after it), so that a word being typed ("prontu") finds the words it begins ("prontuário"). The stem is
 * the prefix, so a whole word still finds its plurals and inflections. The public search stays whole words.
 */
export function prefixTerms(text: string): string[] {
  return searchTerms(text).map((term) => (term.length >= MIN_PREFIX ? `${term}*` : term));
}

/**
 * Whether a folded word of a text is one the search's terms ask for. The Portuguese stemmer changes
 * only what follows a word's first two letters, so a word that begins otherwise than every term is
 * not stemmed at all (most words of a snippet's text).
 */
export function matchesTerms(word: string, terms: string[]): boolean {
  if (!terms.some((term) => word.startsWith(term.slice(0, 2)))) return false;
  const term = termOf(word);
  return term !== null && terms.includes(term);
}
