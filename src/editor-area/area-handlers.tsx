import type { Request, RequestHandler, Response } from 'express';
import type { AppDeps } from '../app-deps.js';
import { sanitizeArticleHtml } from '../lib/sanitize-article-html.js';
import { sendNotFound } from '../http/not-found.js';
import { parseArticleId } from '../news/article-id.js';
import { sendServerError } from '../news/server-error.js';
import { AreaBar } from './area-bar.js';
import { areaMeta } from './area-meta.js';
import { ArticleListPage } from './article-list-page.js';
import { EditArticlePage } from './edit-article-page.js';
import { HistoryPage } from './history-page.js';
import { parseListFilters, toListQuery } from './list-query.js';
import { AREA_PATHS, editArticlePath, historyPath, revisionPath } from './paths.js';
import type { ArticlesPort } from './ports.js';
import { sendAreaPage } from './render-area-page.js';
import { EXPECTED_VERSION_FIELD, RevisionPage } from './revision-page.js';
import { isSameOrigin } from '../workflow/same-origin.js';
import { sessionOf } from './session-guard.js';

const RESTORED_PARAM = 'restaurada';
const FOREIGN_ORIGIN = 'Envio recusado: o formulário não veio deste site. Recarregue a página e tente de novo.';

/** Storage failures become the Portuguese 503/500 page; anything thrown later goes to Express. */
type AreaHandler = (req: Request, res: Response) => Promise<void>;
function areaHandler(deps: AppDeps, handle: AreaHandler): RequestHandler {
  return (req, res, next) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) next(error);
      else sendServerError(deps, req, res, error, { storage: true }).catch(next);
    });
  };
}

const param = (req: Request, name: string) => parseArticleId(String(req.params[name] ?? ''));

/** GET /editor */
export function listHandler(deps: AppDeps, articles: ArticlesPort): RequestHandler {
  return areaHandler(deps, async (req, res) => {
    const filters = parseListFilters(req.query);
    const { items, total } = await articles.list(toListQuery(filters));
    await sendAreaPage(deps, res, {
      meta: areaMeta(AREA_PATHS.home, 'Artigos', 'Artigos em todos os estados, do mais recente ao mais antigo.'),
      body: (
        <>
          <AreaBar session={sessionOf(res)} current="artigos" />
          <ArticleListPage filters={filters} items={items} total={total} />
        </>
      ),
    });
  });
}

/** GET /editor/artigos/{id}: the article form, with Draft.js, for an existing article in any state. */
export function editHandler(deps: AppDeps, articles: ArticlesPort): RequestHandler {
  return areaHandler(deps, async (req, res) => {
    const id = param(req, 'id');
    const article = id === null ? null : await articles.heading(id);
    if (!article) return sendNotFound(res, deps);
    const session = sessionOf(res);
    const form = { apiBasePath: deps.config.apiBasePath, mode: { kind: 'edit', id: article.id } as const, session };
    await sendAreaPage(deps, res, {
      meta: areaMeta(editArticlePath(article.id), `Editar: ${article.titulo}`, 'Edição de um artigo da seção de notícias.'),
      withEditor: true,
      body: (
        <>
          <AreaBar session={session} />
          <EditArticlePage article={article} form={form} />
        </>
      ),
    });
  });
}

/** GET /editor/artigos/{id}/historico */
export function historyHandler(deps: AppDeps, articles: ArticlesPort): RequestHandler {
  return areaHandler(deps, async (req, res) => {
    const id = param(req, 'id');
    const article = id === null ? null : await articles.heading(id);
    if (!article) return sendNotFound(res, deps);
    const revisions = await articles.revisions(article.id);
    const restored = parseArticleId(String(req.query[RESTORED_PARAM] ?? ''));
    await sendAreaPage(deps, res, {
      meta: areaMeta(historyPath(article.id), `Histórico: ${article.titulo}`, 'Versões do artigo: quem fez o quê e quando.'),
      body: (
        <>
          <AreaBar session={sessionOf(res)} />
          <HistoryPage article={article} revisions={revisions} {...(restored !== null ? { restoredAs: restored } : {})} />
        </>
      ),
    });
  });
}

/** One version read-only, or with why restoring it was refused. */
async function sendRevision(deps: AppDeps, articles: ArticlesPort, req: Request, res: Response, refusal?: { status: number; message: string }) {
  const id = param(req, 'id');
  const versao = param(req, 'versao');
  const article = id === null ? null : await articles.heading(id);
  if (!article || versao === null) return sendNotFound(res, deps);
  const [revisions, revision] = await Promise.all([articles.revisions(article.id), articles.revision(article.id, versao)]);
  const entry = revisions.find((candidate) => candidate.versao === versao);
  if (!entry || !revision) return sendNotFound(res, deps);
  const page = { article, entry, revision, bodyHtml: sanitizeArticleHtml(revision.conteudo), ...(refusal ? { error: refusal.message } : {}) };
  await sendAreaPage(
    deps,
    res,
    {
      meta: areaMeta(revisionPath(article.id, versao), `Versão ${versao}: ${article.titulo}`, 'Uma versão do artigo, somente leitura.'),
      body: (
        <>
          <AreaBar session={sessionOf(res)} />
          <RevisionPage {...page} />
        </>
      ),
    },
    refusal?.status,
  );
}

/** GET /editor/artigos/{id}/historico/{versao} */
export function revisionHandler(deps: AppDeps, articles: ArticlesPort): RequestHandler {
  return areaHandler(deps, (req, res) => sendRevision(deps, articles, req, res));
}

/**
 * POST /editor/artigos/{id}/historico/{versao}/restaurar (field versao: the version the page showed as
 * current): a new version with that content, then the history; refused over newer work.
 */
export function restoreHandler(deps: AppDeps, articles: ArticlesPort): RequestHandler {
  return areaHandler(deps, async (req, res) => {
    if (!isSameOrigin(req, deps.config.site.siteUrl)) {
      res.status(403).set('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(FOREIGN_ORIGIN);
      return;
    }
    const id = param(req, 'id');
    const versao = param(req, 'versao');
    if (id === null || versao === null) return sendNotFound(res, deps);
    const expected = parseArticleId(String((req.body as Record<string, unknown> | undefined)?.[EXPECTED_VERSION_FIELD] ?? ''));
    const result = await articles.restore({ id, versao, autor: sessionOf(res).autor, ...(expected !== null ? { expectedVersao: expected } : {}) });
    if (result.ok) {
      res.set('Cache-Control', 'no-store').redirect(303, `${historyPath(result.id)}?${RESTORED_PARAM}=${result.versao}`);
      return;
    }
    if (result.status === 404) return sendNotFound(res, deps);
    await sendRevision(deps, articles, req, res, result);
  });
}
