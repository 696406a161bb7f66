import { workingCopy } from '../db/article-workflow.js';
import { AreaBar } from './layout/area-bar.js';
import { parseArticleId } from '../content/article-id.js';
import { actionLabel } from '../content/article-states.js';
import { formatDateTimePtBr } from '../content/format-date-time.js';
import type { RevisionSnapshot } from '../db/repository.js';
import type { RevisionSummary } from '../db/revision-store.js';
import { articleImagePath } from '../images/image-urls.js';
import { sanitizeArticleHtml } from '../lib/sanitize-article-html.js';
import { privateMeta } from '../seo/private-meta.js';
import { ApiError } from '../lib/api-error.js';
import { restoreVersion } from '../workflow/article-saves.js';
import { recordAudit } from '../workflow/audit-trail.js';
import { assertMayChangeContent } from '../workflow/permissions.js';
import { isSameOrigin } from '../workflow/same-origin.js';
import { mainImageAlt } from './article.js';
import { articleHeading, readerOf, type ArticleHeading } from './article-heading.js';
import { RESTORED_PARAM } from './history.js';
import { areaAssets } from './layout/page-assets.js';
import type { EditorSession, LoaderDeps, Loaded, PrivateRoute } from './page-route.js';
import { historyPath, PATHS, restorePath, revisionPath } from './paths.js';

export interface RevisionData {
  session: EditorSession;
  article: ArticleHeading;
  entry: RevisionSummary;
  revision: RevisionSnapshot;
  /** Already sanitised: inserted as is. */
  bodyHtml: string;
  /** Why the last restore was refused (the article changed meanwhile, or cannot be public with it). */
  error?: string;
}

const FOREIGN_ORIGIN = 'Envio recusado: o formulário não veio deste site. Recarregue a página e tente de novo.';

/** The restore form sends the version the page showed as current, so a restore never lands on newer work unseen. */
export const EXPECTED_VERSION_FIELD = 'versao';

function Facts({ revision }: { revision: RevisionSnapshot }) {
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
        <dt>Temas</dt>
        <dd>{revision.temas === null ? 'não registrados nesta versão' : revision.temas.join(', ') || '—'}</dd>
      </div>
      <div>
        <dt>Imagem principal</dt>
        <dd>
          {revision.imagem_nome ? `${revision.imagem_nome} (${revision.imagem_width ?? '?'} × ${revision.imagem_height ?? '?'} px)` : '—'}
        </dd>
      </div>
    </dl>
  );
}

/**
 * One version, read-only, rendered like the public article. Restoring is behind a disclosure and a
 * second button: the confirmation step works without script.
 */
function RevisionPage({ data: { session, article, entry, revision, bodyHtml, error } }: { data: RevisionData }) {
  const current = entry.versao === article.versao;
  return (
    <>
      <AreaBar session={session} />
      <section className="section area-page" aria-labelledby="versao-titulo">
        <div className="container area-narrow">
          <p className="area-back">
            <a href={historyPath(article.id)}>← Voltar ao histórico</a>
          </p>
          <h1 id="versao-titulo">{current ? `Versão ${entry.versao} (atual)` : `Versão ${entry.versao}`}</h1>
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
                A restauração grava uma nova versão com o conteúdo desta; a versão atual continua no histórico. Se o artigo estiver
                publicado, o conteúdo restaurado passa a aparecer no site.
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
                  alt={mainImageAlt(revision)}
                  decoding="async"
                />
                {revision.imagem_caption && <figcaption>{revision.imagem_caption}</figcaption>}
              </figure>
            )}
            <div className="article-body" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
          </article>
        </div>
      </section>
    </>
  );
}

/** One version read-only, or with why restoring it was refused (`refusal`). */
async function loadRevision(
  deps: LoaderDeps,
  session: EditorSession,
  params: { id?: string; versao?: string },
  refusal?: { status: 400 | 403 | 409; message: string },
): Promise<Loaded<RevisionData>> {
  const article = await articleHeading(deps.repo, params.id, readerOf(session));
  const versao = parseArticleId(String(params.versao ?? ''));
  if (!article || versao === null) return { status: 404 };
  const [revisions, revision] = await Promise.all([deps.repo.revisions.revisions(article.id), deps.repo.revisions.revision(article.id, versao)]);
  const entry = revisions.find((candidate) => candidate.versao === versao);
  if (!entry || !revision) return { status: 404 };
  const data = { session, article, entry, revision: revision.snapshot, bodyHtml: sanitizeArticleHtml(revision.snapshot.conteudo) };
  return refusal ? { status: refusal.status, data: { ...data, error: refusal.message } } : { status: 200, data };
}

const revisionMeta = (_site: unknown, { article, entry }: RevisionData) =>
  privateMeta(
    revisionPath(article.id, entry.versao),
    `Versão ${entry.versao}: ${article.titulo}`,
    'Uma versão do artigo, somente leitura.',
  );

export const revisionPage: PrivateRoute<RevisionData> = {
  id: 'revision',
  path: PATHS.revision,
  kind: 'private',
  session: 'required',
  load: ({ deps, params, session }) => loadRevision(deps, session!, params),
  meta: revisionMeta,
  Component: RevisionPage,
  documentAssets: areaAssets,
};

/**
 * POST (field versao: the version the page showed as current): a new version with that content, then
 * the history; refused over newer work, shown on the version's page with why.
 */
export const restorePage: PrivateRoute<RevisionData> = {
  id: 'restore',
  path: PATHS.restore,
  kind: 'private',
  session: 'required',
  async action({ deps, req, params, session }) {
    if (!isSameOrigin(req, deps.config.site.siteUrl)) return { status: 403, text: FOREIGN_ORIGIN };
    const id = parseArticleId(String(params.id ?? ''));
    const versao = parseArticleId(String(params.versao ?? ''));
    if (id === null || versao === null) return { status: 404 };
    const expected = parseArticleId(String((req.body as Record<string, unknown> | undefined)?.[EXPECTED_VERSION_FIELD] ?? ''));
    const stored = await deps.repo.articles.get(id);
    const current = stored && workingCopy(stored);
    if (!current) return { status: 404 };
    const editor = { author: session!.autor, via: 'sessao' as const, role: session!.papel, personId: session!.id_pessoa };
    try {
      assertMayChangeContent(editor, 'restaurar', current);
      const saved = await restoreVersion(deps.repo, current, {
        versao,
        autor: session!.autor,
        id_pessoa: session!.id_pessoa,
        ...(expected !== null ? { expectedVersion: expected } : {}),
      });
      await recordAudit(deps.repo.audit, req, editor, 'restaurou', { id_artigo: saved.id, detalhes: { versao: saved.versao, de: versao } });
      return { status: 303, location: `${historyPath(saved.id)}?${RESTORED_PARAM}=${saved.versao}` };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 404) return { status: 404 };
      const status = error.status === 409 || error.status === 403 ? error.status : 400;
      return loadRevision(deps, session!, params, { status, message: error.messages.join(' ') });
    }
  },
  meta: revisionMeta,
  Component: RevisionPage,
  documentAssets: areaAssets,
};
