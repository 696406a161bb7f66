import { normaliseBody, PENDING_PREFIX, type PreparedBody } from './normalise-body.js';
import { withServerDom } from './server-dom.js';

// The prefix holds no character a pattern reads specially.
const PENDING = new RegExp(`${PENDING_PREFIX}(\\d+)`, 'g');

/**
 * An imported body through the very path of a paste into the editor (the normaliser, then the HTML the
 * editor writes, then the sanitiser every save goes through). Each image is looked up in the archive
 * first: found, it waits for its upload; elsewhere, it is taken out and listed, never fetched.
 */
export async function prepareBody(html: string, findInArchive: (src: string) => string | null): Promise<PreparedBody> {
  return withServerDom(() => normaliseBody(html, findInArchive));
}

/** The body once its article has an id and its images their stored names (by their order in `images`). */
export function withImageNames(html: string, id: number, names: string[]): string {
  return html.replace(PENDING, (_match, index: string) => `/assets/artigos/${id}/${encodeURIComponent(names[Number(index)]!)}`);
}
