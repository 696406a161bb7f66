import type { Article } from '../db/repository.js';
import type { RelatedArticle, RelatedCandidate } from '../db/public-article-store.js';
import { slugify } from '../lib/slug.js';

/** "Leia também" shows this many articles at most. */
export const RELATED_SHOWN = 3;
/** Candidates storage is asked for: enough for the text to choose among those sharing as many topics. */
export const RELATED_CANDIDATES = 24;

/** Portuguese words too common to say two texts are alike; words of one or two letters are left out too. */
const COMMON_WORDS = new Set([
  'que', 'com', 'para', 'por', 'uma', 'uns', 'umas', 'dos', 'das', 'nos', 'nas', 'pelo', 'pela', 'pelos', 'pelas',
  'como', 'mais', 'menos', 'sobre', 'seu', 'sua', 'seus', 'suas', 'entre', 'sem', 'este', 'esta', 'isso', 'esse',
  'essa', 'aos', 'nao', 'sim', 'quando', 'onde', 'qual', 'quais', 'tem', 'ser', 'sao', 'foi', 'muito', 'mesmo',
]);

/** The distinct meaningful words of a title and description, accents and case folded. */
export function wordsOf(article: Pick<Article, 'titulo' | 'descricao'>): Set<string> {
  const words = slugify(`${article.titulo} ${article.descricao}`).split('-');
  return new Set(words.filter((word) => word.length > 2 && !COMMON_WORDS.has(word)));
}

/** Words in common over words in either (Jaccard): 0 for nothing alike, 1 for the same words. */
function likeness(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/**
 * The related reading of `article`: those sharing the most topics first; among as many shared, the
 * most alike in title and description words, then the newest. Storage already left out the article
 * itself and everything not public.
 */
export function chooseRelated(article: Pick<Article, 'id' | 'titulo' | 'descricao'>, candidates: RelatedCandidate[], count = RELATED_SHOWN): RelatedArticle[] {
  const own = wordsOf(article);
  return candidates
    .filter((candidate) => candidate.article.id !== article.id)
    .map((candidate) => ({ ...candidate, alike: likeness(own, wordsOf(candidate.article)) }))
    .sort(
      (a, b) =>
        b.shared - a.shared ||
        b.alike - a.alike ||
        b.article.data_publicacao.localeCompare(a.article.data_publicacao) ||
        b.article.id - a.article.id,
    )
    .slice(0, count)
    .map((candidate) => candidate.article);
}
