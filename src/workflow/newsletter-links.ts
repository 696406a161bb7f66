import type { SiteConfig } from '../config.js';
import type { Article } from '../db/repository.js';
import { absoluteUrl } from '../lib/absolute-url.js';
import type { SiteSigner } from '../lib/site-signer.js';

/** What a subscriber's signed link is for: leaving, or changing topics (the same link opens both pages). */
export const SUBSCRIBER_LINK_PURPOSE = 'boletim-inscrito';

/** Every address the newsletter puts in an e-mail, absolute. */
export interface NewsletterLinks {
  /** Resolves once links can be signed without reading the database (the shared secret is in memory). */
  ready(): Promise<void>;
  confirmUrl(token: string): string;
  unsubscribeUrl(subscriberId: string): Promise<string>;
  preferencesUrl(subscriberId: string): Promise<string>;
  articleUrl(article: Pick<Article, 'id' | 'titulo_url' | 'data_publicacao'>): string;
  /** The subscriber a signed link names; undefined when it was forged, changed or signed for another use. */
  subscriberOf(token: string): Promise<string | undefined>;
}

/** The site's paths the newsletter links to (src/routes/paths.ts, handed down by the app's context). */
export interface NewsletterPaths {
  confirm(token: string): string;
  unsubscribe(token: string): string;
  preferences(token: string): string;
  article(article: Pick<Article, 'id' | 'titulo_url' | 'data_publicacao'>): string;
}

export function newsletterLinks(site: Pick<SiteConfig, 'siteUrl'>, signer: Pick<SiteSigner, 'sign' | 'verify'>, paths: NewsletterPaths): NewsletterLinks {
  const signed = (id: string) => signer.sign(SUBSCRIBER_LINK_PURPOSE, id);
  return {
    ready: async () => {
      await signer.sign(SUBSCRIBER_LINK_PURPOSE, '');
    },
    confirmUrl: (token) => absoluteUrl(site, paths.confirm(token)),
    unsubscribeUrl: async (id) => absoluteUrl(site, paths.unsubscribe(await signed(id))),
    preferencesUrl: async (id) => absoluteUrl(site, paths.preferences(await signed(id))),
    articleUrl: (article) => absoluteUrl(site, paths.article(article)),
    subscriberOf: (token) => signer.verify(SUBSCRIBER_LINK_PURPOSE, token),
  };
}
