import type { RepositoryEvent } from '../db/repository.js';

/**
 * What a cached page shows, as tags, and which tags a change of an article touches: a change empties
 * only the pages that show what changed. A page module tags its page; a new kind of page (topics,
 * authors, related reading) tags what it shows the same way.
 */

/** The article's own page. */
export const articleTag = (id: number) => `artigo:${id}`;
/** A page that shows the article's summary (title, description, image, date): a list card, a feed item. */
export const summaryTag = (id: number) => `resumo:${id}`;
/** A page that bylines the person: their articles, their author page. */
export const authorTag = (id_pessoa: number) => `autor:${id_pessoa}`;
/** A page that shows the topic's name or links to its page. */
export const topicTag = (id_tema: number) => `tema:${id_tema}`;
/** A page whose choice or order of public articles depends on every article's state and dates. */
export const LISTING_TAG = 'listagem';

/**
 * The tags whose pages a change makes out of date: none for a change no reader can see (a draft created
 * or edited, a version held for medical review), so that editors at work leave the public pages cached.
 */
export function tagsTouchedBy(event: RepositoryEvent): string[] {
  switch (event.type) {
    case 'article-created':
    case 'article-removed':
    case 'article-changed':
      if (event.reach === 'none') return [];
      if (event.reach === 'body') return [articleTag(event.id)];
      if (event.reach === 'summary') return [articleTag(event.id), summaryTag(event.id)];
      // The widest, also for a notice without a reach from an instance older than issue 29.
      return [articleTag(event.id), summaryTag(event.id), LISTING_TAG];
    case 'image-saved':
      return [articleTag(event.id_artigo), summaryTag(event.id_artigo)];
    case 'profile-changed':
      return [authorTag(event.id_pessoa)];
    case 'topic-changed':
      return [topicTag(event.id_tema)];
  }
}

/** Whether readers may see anything of a change: the caches of public data ignore the others. */
export const seenByReaders = (event: RepositoryEvent): boolean => !('reach' in event) || event.reach !== 'none';

/** The tags of a page listing these articles. */
export function listingTags(articles: { id: number }[]): string[] {
  return [LISTING_TAG, ...articles.map((article) => summaryTag(article.id))];
}
