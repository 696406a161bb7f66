import { articleCredits } from '../workflow/article-credits.js';
import { recordAudit } from '../workflow/audit-trail.js';
import { isUnfurler } from '../workflow/link-unfurlers.js';
import { isWellFormedToken, SHARE_MESSAGES, shareState, tokenHash, type ShareState } from '../workflow/share-links.js';
import { privateMeta } from '../seo/private-meta.js';
import { ArticlePage, articleData, type ArticleData } from './article.js';
import type { Repository } from '../db/storage.js';
import type { PrivateRoute } from './page-route.js';
import { PATHS, sharedPreviewPath } from './paths.js';

export const SHARED_PREVIEW_TITLE = 'Prévia — não publicado';

/** Who the audit log names for a view: the visitor has no account. */
const VISITOR = { author: 'Visitante de prévia', personId: null };

type SharedPreviewData = { token: string; preview: ArticleData } | { token: string; closed: Exclude<ShareState, 'aberta'> };

function ClosedPreview({ state }: { state: Exclude<ShareState, 'aberta'> }) {
  return (
    <section className="page-hero not-found" aria-labelledby="previa-fechada-titulo">
      <div className="container narrow">
        <h1 id="previa-fechada-titulo">Prévia indisponível</h1>
        <p className="lead">{SHARE_MESSAGES[state]}</p>
      </div>
    </section>
  );
}

function SharedPreviewPage({ data }: { data: SharedPreviewData }) {
  if ('closed' in data) return <ClosedPreview state={data.closed} />;
  return (
    <>
      <aside className="preview-banner" aria-label="Aviso de prévia">
        <div className="container">
          <strong>{SHARED_PREVIEW_TITLE}</strong>
          <span>Texto em preparação, compartilhado para leitura. Não circule este link.</span>
        </div>
      </aside>
      <ArticlePage data={data.preview} />
    </>
  );
}

/** Why a view was refused after all: another request spent the last view, or revoked it, meanwhile. */
async function stateAfterRefusal(repo: Repository, token: string, now: string): Promise<Exclude<ShareState, 'aberta'>> {
  const link = await repo.shareLinks.find(tokenHash(token));
  const state = link ? shareState(link, now) : 'revogada';
  return state === 'aberta' ? 'esgotada' : state;
}

/**
 * /previa/{token}: the version a share link was made from, for someone without an account. Never
 * cached, never indexed (private page headers); no notes, no other version, nothing of the editor area.
 * A person's GET spends a view; link unfurlers and crawlers do not, nor does HEAD.
 */
export const sharedPreviewPage: PrivateRoute<SharedPreviewData> = {
  id: 'shared-preview',
  path: PATHS.sharedPreview,
  kind: 'private',
  session: 'optional',
  async load({ deps: { repo, bodies }, params, req }) {
    const token = String(params.token ?? '');
    const link = isWellFormedToken(token) ? await repo.shareLinks.find(tokenHash(token)) : null;
    const stored = link && (await repo.articles.get(link.id_artigo));
    if (!link || !stored) return { status: 404 };
    const now = new Date().toISOString();
    const state = shareState(link, now);
    if (state !== 'aberta') return { status: 410, data: { token, closed: state } };
    const counted = req.method === 'GET' && !isUnfurler(req.get('user-agent'));
    if (counted && !(await repo.shareLinks.spendView(link.id, now))) return { status: 410, data: { token, closed: await stateAfterRefusal(repo, token, now) } };
    if (req.method === 'GET') await recordAudit(repo.audit, req, VISITOR, 'viu-previa', { id_artigo: link.id_artigo, detalhes: { id_previa: link.id, versao: link.pinned.versao, contou: counted } });
    const article = { ...stored, ...link.pinned.fields, versao: link.pinned.versao, pendente: null };
    const [images, credits, topics] = await Promise.all([repo.images.imageSets([article.id]), articleCredits(repo, article), repo.topics.ofArticles([article.id])]);
    const notYetPublished = { notYetPublished: { publicar_em: null } };
    return { status: 200, data: { token, preview: { ...articleData(article, images, bodies, { ...credits, review: null }, topics.get(article.id)), ...notYetPublished } } };
  },
  meta: (_site, data) =>
    privateMeta(sharedPreviewPath(data.token), 'preview' in data ? `${SHARED_PREVIEW_TITLE}: ${data.preview.article.titulo}` : 'Prévia indisponível', 'Prévia de um texto ainda não publicado.'),
  Component: SharedPreviewPage,
  documentAssets: () => ({ scripts: [], stylesheets: [] }),
};
