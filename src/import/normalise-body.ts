import { contentToHtml } from '../editor/html/export-html.js';
import { noticeMessages } from '../editor/html/import-notices.js';
import { parseBody } from '../editor/html/parse-body.js';
import { readPastedBody } from '../editor/html/paste-html.js';
import { sanitizeArticleHtml } from '../lib/sanitize-article-html.js';

/**
 * Where an archive image sits in a prepared body until its article has an id: no article has id 0, so
 * the address never means anything else, and both the normaliser and the sanitiser keep it (/assets/…).
 */
export const PENDING_PREFIX = '/assets/artigos/0/importacao-';

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

/** The normaliser's work on one body, inside the server DOM that prepareBody lends it. */
export function normaliseBody(html: string, findInArchive: (src: string) => string | null): PreparedBody {
  const body = parseBody(html);
  const images: ArchiveImage[] = [];
  const remote: string[] = [];
  for (const image of [...body.querySelectorAll('img')]) {
    const src = (image.getAttribute('src') ?? '').trim();
    const arquivo = src ? findInArchive(src) : null;
    if (arquivo) {
      const known = images.findIndex((candidate) => candidate.arquivo === arquivo);
      image.setAttribute('src', `${PENDING_PREFIX}${known >= 0 ? known : images.push({ arquivo }) - 1}`);
      image.removeAttribute('srcset');
      continue;
    }
    if (src) remote.push(src);
    // A link around the image that only led to the image itself goes with it.
    const link = image.closest('a');
    if (link && link.textContent?.trim() === '' && link.querySelectorAll('img').length === 1) link.remove();
    else image.remove();
  }
  const pasted = readPastedBody(body);
  return {
    html: sanitizeArticleHtml(contentToHtml(pasted.content)),
    images,
    remote: [...new Set(remote)],
    notices: noticeMessages(pasted.notices),
  };
}

