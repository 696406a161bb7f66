import type { JsonLdScript } from '../seo/json-ld.js';

/**
 * What every page of one app renders alike, made once and kept here: the insides of the header, the
 * footer and the chat button (about 40% of an article page's render otherwise), and the site-wide
 * JSON-LD. One per app, created where the app is built: the configuration cannot change under it.
 */
export class RenderMemo {
  readonly chrome = new Map<string, { __html: string }>();
  siteJsonLd: JsonLdScript[] | undefined;
}
