import type { z } from 'zod';
import { ApiError } from '../lib/api-error.js';
import { MESSAGES } from '../lib/messages.js';
import { absoluteUrl } from '../lib/absolute-url.js';
import { sharedPreviewPath } from '../routes/paths.js';
import { recordAudit } from '../workflow/audit-trail.js';
import { assertMay, mayRead } from '../workflow/permissions.js';
import { expiryAfter, isShareable, newShareToken, pinnedVersion, SHARE_MESSAGES, tokenHash } from '../workflow/share-links.js';
import type { EditorContext } from './api-context.js';
import type { shareLinkRequestSchema } from './share-link-schemas.js';
import type { Repository } from '../db/storage.js';
import type { Editor } from '../workflow/editor-auth.js';

/** The article of a share-link request, as its editor may see it: unknown and unreadable alike answer 404. */
async function readableArticle(repo: Repository, editor: Editor, id: number) {
  const article = await repo.articles.get(id);
  if (!article || !mayRead({ role: editor.role, personId: editor.personId }, article)) throw new ApiError(404, MESSAGES.articleNotFound);
  return article;
}

/**
 * POST /artigos/:id/previas: whoever may publish the article makes a read-only link to the version the
 * editors see now → { id, url, expira_em }. The URL is given only here.
 */
export async function createShareLink(
  { params: { id }, body: { dias, max_visualizacoes } }: { params: { id: number }; body: z.output<typeof shareLinkRequestSchema> },
  { repo, editor, req, config }: EditorContext,
) {
  const article = await readableArticle(repo, editor, id);
  assertMay(editor, 'publicar', article);
  if (!isShareable(article)) throw new ApiError(409, SHARE_MESSAGES.nothingUnpublished);
  const token = newShareToken();
  const now = new Date();
  const link = await repo.shareLinks.create({
    id_artigo: id,
    token_hash: tokenHash(token),
    pinned: pinnedVersion(article),
    criado_em: now.toISOString(),
    expira_em: expiryAfter(now, dias),
    max_visualizacoes: max_visualizacoes ?? null,
    autor: editor.author,
    id_pessoa: editor.personId,
  });
  await recordAudit(repo.audit, req, editor, 'criou-previa', { id_artigo: id, detalhes: { id_previa: link.id, versao: article.versao, dias, max_visualizacoes: link.max_visualizacoes } });
  return { id: link.id, url: absoluteUrl(config.site, sharedPreviewPath(token)), expira_em: link.expira_em };
}

/** GET /artigos/:id/previas: the article's share links with their views, newest first. */
export async function listShareLinks({ params: { id } }: { params: { id: number } }, { repo, editor }: EditorContext) {
  await readableArticle(repo, editor, id);
  return repo.shareLinks.list(id);
}

/** DELETE /artigos/:id/previas/:previa: revokes a link at once; it then answers 410. */
export async function revokeShareLink({ params: { id, previa } }: { params: { id: number; previa: number } }, { repo, editor, req }: EditorContext) {
  const article = await readableArticle(repo, editor, id);
  assertMay(editor, 'publicar', article);
  if (!(await repo.shareLinks.revoke(id, previa, new Date().toISOString()))) throw new ApiError(404, SHARE_MESSAGES.notFound);
  await recordAudit(repo.audit, req, editor, 'revogou-previa', { id_artigo: id, detalhes: { id_previa: previa } });
  return { id: previa, revogado: true };
}
