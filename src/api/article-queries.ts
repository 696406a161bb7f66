import type { z } from 'zod';
import { ApiError } from '../lib/api-error.js';
import type { PublicContext, ReaderContext } from './api-context.js';
import type { pageRequestSchema, searchRequestSchema } from './article-schemas.js';
import { MESSAGES } from '../lib/messages.js';
import { isPublic, workingCopy } from '../db/article-workflow.js';
import { needsReview } from '../workflow/medical-review.js';
import type { SiteConfig } from '../config.js';
import { absoluteUrl } from '../lib/absolute-url.js';
import { authorPath } from '../routes/paths.js';
import { articleCredits, type Credits, type Signer } from '../workflow/article-credits.js';
import { mayRead } from '../workflow/permissions.js';
import { publicArticle } from '../workflow/public-article.js';
import { searchArticles } from '../workflow/article-search.js';
import { snippetHtml } from '../content/search-snippet.js';
import { searchTerms } from '../lib/search-text.js';

/** GET /artigos/next-id: a preview only; create() assigns the real id. */
export const nextId = async (_input: unknown, { repo }: PublicContext) => repo.articles.nextId();

/**
 * GET /artigos/:id. Anyone reads a public article (spec fields), whatever stale session cookie the
 * browser still sends; an editor (key, Bearer or live session) reads any state they may read (a
 * colaborador: what they created or sign), with the workflow fields and the processed images the form
 * shows; what they may not read answers as it does to anyone.
 */
export async function getArticle({ params: { id } }: { params: { id: number } }, { repo, editor, config }: ReaderContext) {
  const article = await repo.articles.get(id);
  const topicNames = async () => (await repo.topics.ofArticles([id])).get(id)?.map((topic) => topic.nome) ?? [];
  if (article && editor && mayRead(editor, article)) {
    const { ja_publicado: _internal, id_criador: _owner, id_ultimo_editor: _editor, id_publicador: _publisher, pendente: _pending, ...editable } = workingCopy(article);
    return { ...editable, aguardando_revisao_medica: needsReview(editable), temas: await topicNames(), imagens: await repo.images.imageSets([id]) };
  }
  if (!article || !isPublic(article, new Date().toISOString())) throw new ApiError(404, MESSAGES.articleNotFound);
  const credits = await articleCredits(repo, article);
  // The due date readers see is that of the review the page shows.
  return { ...publicArticle(article), temas: await topicNames(), ...publicCredits(config.site, credits), ...(credits.review ? { proxima_revisao: article.proxima_revisao } : {}) };
}

/** The credits as the public API spells them: names with their author page and credential line. */
function publicCredits(site: SiteConfig, credits: Credits) {
  const url = (signer: Signer) => (signer.profile ? absoluteUrl(site, authorPath(signer.profile.slug)) : null);
  return {
    autores: credits.authors.map((author) => ({ nome: author.name, url: url(author), credencial: author.credential })),
    revisao_medica: credits.review && { revisor: credits.review.name, credencial: credits.review.credential, data: credits.review.data },
    referencias: credits.references,
  };
}

/** POST /artigos/ultimas-noticias: value is the page's list (spec section 7) with each article's topics; the total goes in a header. */
export async function latestArticles({ body: { pageIndex, pageSize } }: { body: z.output<typeof pageRequestSchema> }, { repo, res }: PublicContext) {
  const page = await repo.publicArticles.latest(pageIndex, pageSize);
  // Each item as GET /artigos/:id answers it, topics included (one query for the page), but for the
  // credits: authors, review and references are read one article at a time.
  const topics = await repo.topics.ofArticles(page.items.map((article) => article.id));
  res.setHeader('X-Total-Count', String(page.total));
  return page.items.map((article) => ({ ...publicArticle(article), temas: topics.get(article.id)?.map((topic) => topic.nome) ?? [] }));
}

/**
 * POST /artigos/busca: public articles holding the words of q, the title's matches first (the search
 * page's results). A q without a word to look up finds nothing; one over the limit is refused.
 */
export async function search({ body: { q, pageIndex, pageSize } }: { body: z.output<typeof searchRequestSchema> }, { repo }: PublicContext) {
  const terms = searchTerms(q);
  if (terms.length === 0) return { total: 0, itens: [] };
  const { total, results } = await searchArticles(repo, terms, pageIndex, pageSize);
  return {
    total,
    itens: results.map(({ article, snippet }) => ({
      id: article.id,
      titulo: article.titulo,
      titulo_url: article.titulo_url,
      descricao: article.descricao,
      autor: article.autor,
      data_publicacao: article.data_publicacao,
      trecho: snippetHtml(snippet),
    })),
  };
}
