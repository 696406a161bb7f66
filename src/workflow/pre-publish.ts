import { workingCopy } from '../db/article-workflow.js';
import { needsReview } from './medical-review.js';
import type { StoredArticle } from '../db/repository.js';
import { prePublishChecks, warningsOf } from '../content/pre-publish-checks.js';
import { willBePublic } from './article-saves.js';

export type PublishWarning = ReturnType<typeof warningsOf>[number];

/**
 * The "Antes de publicar" warnings of an article that is (or will be) public, as the editor's panel
 * shows them: publishing goes on, and the editor reads them in the answer. The one blocking rule, the
 * medical review, is enforced before this (409) by the save itself.
 */
export function publishWarnings(article: StoredArticle): PublishWarning[] {
  if (!willBePublic(article.status)) return [];
  const working = workingCopy(article);
  const { checks } = prePublishChecks({
    titulo: working.titulo,
    descricao: working.descricao,
    conteudo: working.conteudo,
    imagemPrincipal: working.imagem_nome ? { alt: working.imagem_alt ?? '', legenda: working.imagem_caption ?? '' } : null,
    clinico: working.clinico,
    referencias: working.referencias.length,
    revisada: !needsReview(working),
  });
  return warningsOf(checks);
}
