import { contentToHtml } from '../editor/html/export-html.js';
import { noticeMessages } from '../editor/html/import-notices.js';
import { parseBody } from '../editor/html/parse-body.js';
import { readPastedBody } from '../editor/html/paste-html.js';
import { sanitizeArticleHtml } from '../lib/sanitize-article-html.js';
import { PENDING_PREFIX, type ArchiveImage, type PreparedBody } from './article-body.js';

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

