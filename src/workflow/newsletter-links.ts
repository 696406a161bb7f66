import type { SiteConfig } from '../config.js';
import type { Article } from '../db/repository.js';
import { absoluteUrl } from '../lib/absolute-url.js';
import { articlePath, newsletterConfirmPath, newsletterPreferencesPath, newsletterUnsubscribePath } from '../routes/paths.js';

/** Signs a subject for one purpose; a token signed for another purpose, or changed, is refused (null). */
export interface LinkSigner {
  sign(purpose: string, subject: string): string;
  verify(purpose: string, token: string): string | null;
}

/** What a subscriber's signed link is for: leaving, or changing topics (the same link opens both pages). */
export const SUBSCRIBER_LINK_PURPOSE = 'boletim-inscrito';

/** Every address the newsletter puts in an e-mail, absolute. */
export interface NewsletterLinks {
  confirmUrl(token: string): string;
  unsubscribeUrl(subscriberId: string): string;
  preferencesUrl(subscriberId: string): string;
  articleUrl(article: Pick<Article, 'id' | 'titulo_url' | 'data_publicacao'>): string;
  /** The subscriber a signed link names; null when it was forged, changed or signed for another use. */
  subscriberOf(token: string): string | null;
}

export function newsletterLinks(site: Pick<SiteConfig, 'siteUrl'>, signer: LinkSigner): NewsletterLinks {
  const signed = (id: string) => signer.sign(SUBSCRIBER_LINK_PURPOSE, id);
  return {
    confirmUrl: (token) => absoluteUrl(site, newsletterConfirmPath(token)),
    unsubscribeUrl: (id) => absoluteUrl(site, newsletterUnsubscribePath(signed(id))),
    preferencesUrl: (id) => absoluteUrl(site, newsletterPreferencesPath(signed(id))),
    articleUrl: (article) => absoluteUrl(site, articlePath(article)),
    subscriberOf: (token) => signer.verify(SUBSCRIBER_LINK_PURPOSE, token),
  };
}
