import type { Article } from '../db/repository.js';
import type { RelatedArticle, RelatedCandidate } from '../db/public-article-store.js';
import { chooseRelated } from './related-reading.js';

/** "Leia também" of one article, and every article its choice weighed (a change of any may change it). */
export interface RelatedReading {
  related: RelatedArticle[];
  candidates: number[];
}

/** Articles whose choice is remembered at once, oldest forgotten first: a few MB. */
const MAX_ENTRIES = 10_000;

/**
 * "Leia também" of each article as chosen last, remembered until any article changes (this instance's
 * change or another's: the repository's events empty it) and at most `maxAgeMs` (an event this
 * instance missed, or a scheduled article that came due). Choosing it on every render read four
 * queries and weighed two dozen candidates: a third of an uncached article page. One per app.
 */
export class RelatedReadings {
  private readonly chosen = new Map<number, { reading: Promise<RelatedReading>; until: number }>();

  constructor(private readonly maxAgeMs: number) {}

  clear(): void {
    this.chosen.clear();
  }

  of(article: Pick<Article, 'id' | 'titulo' | 'descricao'>, candidates: () => Promise<RelatedCandidate[]>): Promise<RelatedReading> {
    const known = this.chosen.get(article.id);
    if (known && known.until > Date.now()) return known.reading;
    const reading = candidates().then((found) => ({
      related: chooseRelated(article, found),
      candidates: found.map((candidate) => candidate.article.id),
    }));
    const entry = { reading, until: Date.now() + this.maxAgeMs };
    this.chosen.delete(article.id);
    this.chosen.set(article.id, entry);
    if (this.chosen.size > MAX_ENTRIES) this.chosen.delete(this.chosen.keys().next().value!);
    reading.catch(() => {
      if (this.chosen.get(article.id) === entry) this.chosen.delete(article.id);
    });
    return reading;
  }
}
