import type { Request, RequestHandler, Response } from 'express';
import type { AppContext } from './app-context.js';
import type { Article } from '../db/repository.js';
import { SLUG_PATTERN } from '../lib/slug.js';
import { displayName, credentialLine } from '../people/credentials.js';
import { authorFeedPath, authorPath, FEED_LINKS, topicFeedPath, topicPath } from '../routes/paths.js';
import { FEED_SIZE, renderNewsFeed, type FeedChannel, type FeedLinks } from '../seo/feed.js';
import { freshResponse } from './fresh-response.js';
import { cacheControl, sendCachedPage, sendPage, staleResponse } from './page-responses.js';
import { authorTag, listingTags, topicTag } from '../routes/cache-tags.js';

const RSS = 'application/rss+xml; charset=utf-8';
export const FEED_CACHE_KEY = 'feed';

type FeedContext = Pick<AppContext, 'config' | 'repo' | 'pageCache' | 'statusPages' | 'logger'>;

/** What one feed holds: its articles, where it links, what it is called, and what its cache entry depends on. */
interface FeedContent {
  articles: Article[];
  links: FeedLinks;
  channel?: FeedChannel;
  tags: string[];
}

/**
 * A feed cached like a page and invalidated with the pages it follows, its last copy standing in while the
 * database is away; `load` answers null for a 404.
 */
async function sendFeed(ctx: FeedContext, req: Request, res: Response, key: string, load: () => Promise<FeedContent | null>): Promise<void> {
  const { pageCache } = ctx;
  const hit = await pageCache.lookup(key);
  if (hit) return sendCachedPage(req, res, hit, ctx.config);
  try {
    const content = await load();
    if (!content) return ctx.statusPages.sendNotFound(res);
    const response = await pageCache.singleFlight(key, async () => {
      const images = await ctx.repo.images.imageSets(content.articles.map((article) => article.id));
      const body = Buffer.from(renderNewsFeed(ctx.config.site, content.links, content.articles, images, content.channel));
      return { answer: freshResponse(req, RSS, cacheControl(ctx.config), body), page: { path: content.links.feed, contentType: RSS, body, tags: content.tags } };
    });
    sendPage(req, res, response);
  } catch (error) {
    const stale = pageCache.stale(key);
    if (!stale) return ctx.statusPages.sendServerError(req, res, error, { storage: true });
    if (stale.first) ctx.logger.warn({ err: error, key }, 'feed servido da cópia vencida até o banco voltar: não foi possível montá-lo de novo');
    sendPage(req, res, staleResponse(stale.page));
  }
}

/** GET /noticias/feed.xml: RSS 2.0 of the newest articles. */
export function newsFeedHandler(ctx: FeedContext): RequestHandler {
  return (req, res) =>
    sendFeed(ctx, req, res, FEED_CACHE_KEY, async () => {
      const { items } = await ctx.repo.publicArticles.latest(1, FEED_SIZE);
      return { articles: items, links: FEED_LINKS, tags: listingTags(items) };
    });
}

/** GET /autores/{slug}/feed.xml: one author's newest public articles; 404 like their page when there are none. */
export function authorFeedHandler(ctx: FeedContext): RequestHandler {
  return (req, res) => {
    const slug = String(req.params.slug);
    if (!SLUG_PATTERN.test(slug)) return ctx.statusPages.sendNotFound(res);
    return sendFeed(ctx, req, res, `feed-autor:${slug}`, async () => {
      const profile = await ctx.repo.profiles.bySlug(slug);
      if (!profile) return null;
      const { items } = await ctx.repo.publicArticles.publicByAuthor(profile.id_pessoa, 1, FEED_SIZE);
      if (items.length === 0) return null;
      return {
        articles: items,
        links: { news: authorPath(slug), feed: authorFeedPath(slug), article: FEED_LINKS.article },
        channel: { title: `Artigos de ${displayName(profile)}`, description: credentialLine(profile) },
        tags: [authorTag(profile.id_pessoa), ...listingTags(items)],
      };
    });
  };
}

/** GET /noticias/temas/{slug}/feed.xml: a topic's newest public articles; 404 like its page when there are none. */
export function topicFeedHandler(ctx: FeedContext): RequestHandler {
  return (req, res) => {
    const slug = String(req.params.slug);
    if (!SLUG_PATTERN.test(slug)) return ctx.statusPages.sendNotFound(res);
    return sendFeed(ctx, req, res, `feed-tema:${slug}`, async () => {
      const found = await ctx.repo.topics.find(slug);
      if (!found || !('topic' in found)) return null;
      const { topic } = found;
      const { items } = await ctx.repo.publicArticles.publicByTopic(topic.id, 1, FEED_SIZE);
      if (items.length === 0) return null;
      return {
        articles: items,
        links: { news: topicPath(slug), feed: topicFeedPath(slug), article: FEED_LINKS.article },
        channel: { title: `${ctx.config.site.productName}: ${topic.nome}`, description: `Notícias e artigos sobre ${topic.nome}.` },
        tags: [topicTag(topic.id), ...listingTags(items)],
      };
    });
  };
}
