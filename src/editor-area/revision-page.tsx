import { articleImagePath } from '../routes.js';
import { actionLabel } from './article-states.js';
import { formatDateTimePtBr } from './format-date-time.js';
import { historyPath, restorePath } from './paths.js';
import type { ArticleHeading, RevisionArticle, RevisionEntry } from './ports.js';

export interface RevisionPageProps {
  article: ArticleHeading;
  entry: RevisionEntry;
  revision: RevisionArticle;
  /** Already sanitised: inserted as is. */
  bodyHtml: string;
  /** Why the last restore was refused (the article changed meanwhile, or cannot be public with it). */
  error?: string;
}

/** The restore form sends the version the page showed as current, so a restore never lands on newer work unseen. */
export const EXPECTED_VERSION_FIELD = 'versao';

function Facts({ revision }: { revision: RevisionArticle }) {
  return (
    <dl className="area-facts">
      <div>
        <dt>Título na URL</dt>
        <dd>{revision.titulo_url}</dd>
      </div>
      <div>
        <dt>Descrição</dt>
        <dd>{revision.descricao || '—'}</dd>
      </div>
      <div>
        <dt>Palavras-chave</dt>
        <dd>{revision.keywords || '—'}</dd>
      </div>
      <div>
        <dt>Imagem principal</dt>
        <dd>{revision.imagem_nome ? `${revision.imagem_nome} (${revision.imagem_width ?? '?'} × ${revision.imagem_height ?? '?'} px)` : '—'}</dd>
      </div>
    </dl>
  );
}

/**
 * One version, read-only, rendered like the public article. Restoring is behind a disclosure and a
 * second button: the confirmation step works without script.
 */
export function RevisionPage({ article, entry, revision, bodyHtml, error }: RevisionPageProps) {
  const current = entry.versao === article.versao;
  return (
    <section className="section area-page" aria-labelledby="versao-titulo">
      <div className="container area-narrow">
        <p className="area-back">
          <a href={historyPath(article.id)}>← Voltar ao histórico</a>
        </p>
        <h1 id="versao-titulo">
          {current ? `Versão ${entry.versao} (atual)` : `Versão ${entry.versao}`}
        </h1>
        <p className="area-readonly" role="note">
          {`Somente leitura · ${actionLabel(entry.acao)} por ${entry.autor} em `}
          <time dateTime={entry.data}>{formatDateTimePtBr(entry.data)}</time>
        </p>
        {error && (
          <p className="area-error-box" role="alert">
            {error}
          </p>
        )}
        {!current && (
          <details className="area-restore" open={error ? true : undefined}>
            <summary>Restaurar esta versão…</summary>
            <p>
              A restauração grava uma nova versão com o conteúdo desta; a versão atual continua no histórico. Se o artigo
              estiver publicado, o conteúdo restaurado passa a aparecer no site.
            </p>
            <form method="post" action={restorePath(article.id, entry.versao)}>
              <input type="hidden" name={EXPECTED_VERSION_FIELD} value={article.versao} />
              <button type="submit" className="button button-primary">
                {`Confirmar: restaurar a versão ${entry.versao}`}
              </button>
            </form>
          </details>
        )}
        <Facts revision={revision} />
        <article className="article area-revision" aria-label={`Conteúdo da versão ${entry.versao}`}>
          <header className="article-header">
            <h2>{revision.titulo}</h2>
            {revision.descricao && <p className="article-lead">{revision.descricao}</p>}
          </header>
          {revision.imagem_nome && (
            <figure className="article-figure">
              <img
                src={articleImagePath(article.id, revision.imagem_nome)}
                width={revision.imagem_width ?? undefined}
                height={revision.imagem_height ?? undefined}
                alt={revision.imagem_caption || revision.titulo}
                decoding="async"
              />
              {revision.imagem_caption && <figcaption>{revision.imagem_caption}</figcaption>}
            </figure>
          )}
          <div className="article-body" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
        </article>
      </div>
    </section>
  );
}
