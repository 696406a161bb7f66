import type { z } from 'zod';
import { createShareLink, revokeShareLink, shareableArticle } from '../workflow/share-link-actions.js';
import { sharedPreviewPath } from '../routes/paths.js';
import type { EditorContext } from './api-context.js';
import type { shareLinkRequestSchema } from './share-link-schemas.js';

/** POST /artigos/:id/previas → { id, url, expira_em }: the URL is given only here. */
export function createShareLinkHandler(
  { params: { id }, body }: { params: { id: number }; body: z.output<typeof shareLinkRequestSchema> },
  { repo, editor, req, config }: EditorContext,
) {
  return createShareLink({ repo, site: config.site, req, previewPath: sharedPreviewPath }, editor, id, body);
}

/** GET /artigos/:id/previas: the article's share links with their views, newest first. */
export async function listShareLinksHandler({ params: { id } }: { params: { id: number } }, { repo, editor }: EditorContext) {
  await shareableArticle(repo, editor, id);
  return repo.shareLinks.list(id);
}

/** DELETE /artigos/:id/previas/:previa: revokes a link. */
export function revokeShareLinkHandler({ params: { id, previa } }: { params: { id: number; previa: number } }, { repo, editor, req }: EditorContext) {
  return revokeShareLink({ repo, req }, editor, id, previa);
}
