import { z } from 'zod';
import type { LeadOrigin, Utm } from '../db/lead-store.js';

const MAX_PAGE_LENGTH = 300;
const MAX_UTM_LENGTH = 100;
export const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const satisfies readonly (keyof Utm)[];

/** A path of this site: one leading slash (not `//host`), no query or fragment, printable. */
const sitePath = z
  .string()
  .max(MAX_PAGE_LENGTH)
  .regex(/^\/(?!\/)[^\s?#\\]*$/);

/** A utm value as a campaign tool writes it: printable text, length-limited; anything else is dropped. */
const utmValue = z
  .string()
  .trim()
  .min(1)
  .max(MAX_UTM_LENGTH)
  .regex(/^[^\p{C}<>]+$/u);

/** An article's path (/noticias/{id} or /noticias/{id}/...): its id. */
const ARTICLE_PATH = /^\/noticias\/(\d{1,9})(?:\/|$)/;

/** `url` parsed when it is a page of one of `origins` (the site, or the host the request reached). */
function ownPage(url: string | undefined, origins: string[]): URL | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return origins.includes(parsed.origin) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

const ownPath = (url: string | undefined, origins: string[]) => ownPage(url, origins)?.pathname;

/** The query of `url` when it is one of our pages (where a campaign's utm parameters are); else none. */
export const ownPageQuery = (url: string | undefined, origins: string[]): URLSearchParams => ownPage(url, origins)?.searchParams ?? new URLSearchParams();

/**
 * Which page led to the form: the link's parameter when it names a path of the site, else the Referer
 * when it is one of our pages (never the form itself). Decided when the form is shown and carried in it.
 */
export function originPage(linked: string | undefined, referer: string | undefined, origins: string[], formPath: string): string | null {
  const candidate = linked || ownPath(referer, origins);
  const page = sitePath.safeParse(candidate);
  return page.success && page.data !== formPath ? page.data : null;
}

/** What the lead records of where it came from: the page (and the article it is), and the utm parameters. */
export function leadOrigin(page: string, utm: Partial<Record<(typeof UTM_KEYS)[number], string>>): LeadOrigin {
  const checked = sitePath.safeParse(page);
  const path = checked.success ? checked.data : null;
  const article = path ? ARTICLE_PATH.exec(path) : null;
  return { page: path, articleId: article ? Number(article[1]) : null, utm: keptUtm(utm) };
}

/** The utm parameters as a campaign tool writes them; anything else is dropped. */
export function keptUtm(utm: Partial<Record<(typeof UTM_KEYS)[number], string>>): Utm {
  const kept: Utm = {};
  for (const key of UTM_KEYS) {
    const value = utmValue.safeParse(utm[key]);
    if (value.success) kept[key] = value.data;
  }
  return kept;
}
