import type { Request } from 'express';
import type { SiteConfig } from '../config.js';
import type { Repository } from '../db/storage.js';
import { ApiError } from '../lib/api-error.js';
import { absoluteUrl } from '../lib/absolute-url.js';
import { MESSAGES } from '../lib/messages.js';
import { recordAudit } from './audit-trail.js';
import type { Editor } from './editor-auth.js';
import { assertMay, mayRead } from './permissions.js';
import { expiryAfter, isShareable, newShareToken, pinnedVersion, SHARE_DAYS, SHARE_MESSAGES, tokenHash } from './share-links.js';

/** The article of a share-link request, as its editor may see it: unknown and unreadable alike answer 404. */
export async function shareableArticle(repo: Repository, editor: Editor, id: number) {
  const article = await repo.articles.get(id);
  if (!article || !mayRead({ role: editor.role, personId: editor.personId }, article)) throw new ApiError(404, MESSAGES.articleNotFound);
  return article;
}

/**
 * Whoever may publish the article makes a read-only link to the version the editors see now. The URL
 * is answered once: storage keeps only the token's hash. The one rule for the API and the editor's page;
 * `previewPath` is where the routes serve a token.
 */
export async function createShareLink(
  { repo, site, req, previewPath }: { repo: Repository; site: Pick<SiteConfig, 'siteUrl'>; req: Request; previewPath: (token: string) => string },
  editor: Editor,
  id: number,
  { dias = SHARE_DAYS.default, max_visualizacoes = null }: { dias?: number; max_visualizacoes?: number | null },
) {
  const article = await shareableArticle(repo, editor, id);
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
    max_visualizacoes,
    autor: editor.author,
    id_pessoa: editor.personId,
  });
  await recordAudit(repo.audit, req, editor, 'criou-previa', { id_artigo: id, detalhes: { id_previa: link.id, versao: article.versao, dias, max_visualizacoes } });
  return { id: link.id, url: absoluteUrl(site, previewPath(token)), expira_em: link.expira_em };
}

/** Revokes a link at once (it then answers 410), audited; 404 when the article has no such link. */
export async function revokeShareLink({ repo, req }: { repo: Repository; req: Request }, editor: Editor, id: number, previa: number) {
  const article = await shareableArticle(repo, editor, id);
  assertMay(editor, 'publicar', article);
  if (!(await repo.shareLinks.revoke(id, previa, new Date().toISOString()))) throw new ApiError(404, SHARE_MESSAGES.notFound);
  await recordAudit(repo.audit, req, editor, 'revogou-previa', { id_artigo: id, detalhes: { id_previa: previa } });
  return { id: previa, revogado: true };
}
