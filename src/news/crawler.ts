const CRAWLER = /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|facebot|embedly|preview|lighthouse|pagespeed|whatsapp|telegram|bingpreview|yandex|baidu|duckduck|headlesschrome/i;

/** Crawlers and link unfurlers want the whole document at once; people want the first bytes early. */
export function isCrawler(userAgent: string | undefined): boolean {
  return userAgent !== undefined && CRAWLER.test(userAgent);
}
