import { actionLabel } from './article-states.js';
import { formatDateTimePtBr } from './format-date-time.js';
import { editArticlePath, revisionPath } from './paths.js';
import type { ArticleHeading, RevisionEntry } from './ports.js';

export interface HistoryPageProps {
  article: ArticleHeading;
  revisions: RevisionEntry[];
  /** Set right after a restore, to say what happened. */
  restoredAs?: number;
}

/** /editor/artigos/{id}/historico: who did what and when, newest first, each version viewable. */
export function HistoryPage({ article, revisions, restoredAs }: HistoryPageProps) {
  const newestFirst = [...revisions].sort((a, b) => b.versao - a.versao);
  return (
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
        {newestFirst.length === 0 ? (
          <p>Nenhuma versão registrada.</p>
        ) : (
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
                <a href={revisionPath(article.id, entry.versao)}>
                  {entry.versao === article.versao ? `Ver versão ${entry.versao}` : `Ver versão ${entry.versao} ou restaurar`}
                </a>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
