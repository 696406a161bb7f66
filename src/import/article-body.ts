import { normaliseBody } from './normalise-body.js';
import { withServerDom } from './server-dom.js';

/**
 * Where an archive image sits in a prepared body until its article has an id: no article has id 0, so
 * the address never means anything else, and both the normaliser and the sanitiser keep it (/assets/…).
 */
export const PENDING_PREFIX = '/assets/artigos/0/importacao-';
const PENDING = /\/assets\/artigos\/0\/importacao-(\d+)/g;

/** An image of the body found in the uploaded archive, uploaded through the image pipeline. */
export interface ArchiveImage {
  /** Its path in the zip. */
  arquivo: string;
}

export interface PreparedBody {
  /** Normalised and sanitised, archive images at their pending addresses. */
  html: string;
  images: ArchiveImage[];
  /** Addresses of images elsewhere: never fetched, listed for the person to upload. */
  remote: string[];
  /** What the normaliser could not keep (embeds, forms…), in Portuguese. */
  notices: string[];
}

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
