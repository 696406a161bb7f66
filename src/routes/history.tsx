import { AreaBar } from './layout/area-bar.js';
import { Streamed } from '../components/streamed.js';
import { actionLabel } from '../content/article-states.js';
import { parseArticleId } from '../content/article-id.js';
import { formatDateTimePtBr } from '../content/format-date-time.js';
import type { RevisionSummary } from '../db/revision-store.js';
import { privateMeta } from '../seo/private-meta.js';
import { articleHeading, readerOf, type ArticleHeading } from './article-heading.js';
import { deferred } from './deferred.js';
import { areaAssets } from './layout/page-assets.js';
import type { EditorSession, PrivateRoute } from './page-route.js';
import { compareFormPath, comparePath, editArticlePath, historyPath, PATHS, revisionPath } from './paths.js';

/** Set on the history's address right after a restore, to say what happened. */
export const RESTORED_PARAM = 'restaurada';

export interface HistoryData {
  session: EditorSession;
  article: ArticleHeading;
  /** Streamed in after the heading. */
  revisions: Promise<RevisionSummary[]>;
  restoredAs?: number;
}

/** /editor/artigos/{id}/historico: who did what and when, newest first, each version viewable. */
function HistoryPage({ data: { session, article, revisions, restoredAs } }: { data: HistoryData }) {
  return (
    <>
      <AreaBar session={session} />
      <section className="section area-page" aria-labelledby="historico-titulo">
        <div className="container area-narrow">
          <p className="area-back">
            <a href={editArticlePath(article.id)}>← Voltar ao artigo</a>
          </p>
          <h1 id="historico-titulo">Histórico</h1>
          <p className="lead">{article.titulo}</p>
          {restoredAs !== undefined && (
            <p className="area-notice" role="status">
              {`Versão restaurada: ela agora é a versão ${restoredAs}, a atual.`}
            </p>
          )}
          <Streamed value={revisions} fallback={<p role="status">Carregando versões…</p>}>
            {(loaded) => {
              const newestFirst = [...loaded].sort((a, b) => b.versao - a.versao);
              if (newestFirst.length === 0) return <p>Nenhuma versão registrada.</p>;
              return (
                <>
                  {newestFirst.length > 1 && (
                    <p>
                      <a href={compareFormPath(article.id)}>Comparar duas versões quaisquer</a>
                    </p>
                  )}
                  <ol className="area-history">
                    {newestFirst.map((entry) => (
                      <li key={entry.versao} className="area-history-entry">
                        <p className="area-history-what">
                          <strong>{`Versão ${entry.versao}`}</strong>
                          {entry.versao === article.versao && <span className="area-current"> (atual)</span>}
                          {` · ${actionLabel(entry.acao)} · ${entry.autor}`}
                        </p>
                        <p className="area-history-when">
                          <time dateTime={entry.data}>{formatDateTimePtBr(entry.data)}</time>
                          {` · “${entry.titulo}”`}
                        </p>
                        <p className="area-history-links">
                          <a href={revisionPath(article.id, entry.versao)}>
                            {entry.versao === article.versao ? `Ver versão ${entry.versao}` : `Ver versão ${entry.versao} ou restaurar`}
                          </a>
                          {entry.versao !== article.versao && (
                            <a href={comparePath(article.id, entry.versao, article.versao)}>{`Comparar a versão ${entry.versao} com a atual`}</a>
                          )}
                        </p>
                      </li>
                    ))}
                  </ol>
                </>
              );
            }}
          </Streamed>
        </div>
      </section>
    </>
  );
}

export const historyPage: PrivateRoute<HistoryData> = {
  id: 'history',
  path: PATHS.history,
  kind: 'private',
  session: 'required',
  async load({ deps, params, search, session }) {
    const article = await articleHeading(deps.repo, params.id, readerOf(session!));
    if (!article) return { status: 404 };
    const revisions = deferred(deps.repo.revisions.revisions(article.id), deps.logger, 'o histórico');
    const restored = parseArticleId(search.get(RESTORED_PARAM) ?? '');
    return { status: 200, data: { session: session!, article, revisions, ...(restored !== null ? { restoredAs: restored } : {}) } };
  },
  meta: (_site, { article }) =>
    privateMeta(historyPath(article.id), `Histórico: ${article.titulo}`, 'Versões do artigo: quem fez o quê e quando.'),
  Component: HistoryPage,
  documentAssets: areaAssets,
};
