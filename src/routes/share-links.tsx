import { z } from 'zod';
import type { ShareLinkSummary } from '../db/share-link-store.js';
import { ApiError } from '../lib/api-error.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { privateMeta } from '../seo/private-meta.js';
import type { Editor } from '../workflow/editor-auth.js';
import { isSameOrigin } from '../workflow/same-origin.js';
import { createShareLink, revokeShareLink, shareableArticle } from '../workflow/share-link-actions.js';
import { SHARE_DAYS, SHARE_MAX_VIEWS, SHARE_MESSAGES } from '../workflow/share-links.js';
import { SIGN_IN_MESSAGES } from './sign-in.js';
import { parseArticleId } from '../content/article-id.js';
import { formText } from './form-fields.js';
import { AreaBar } from './layout/area-bar.js';
import { areaAssets } from './layout/page-assets.js';
import type { EditorSession, PrivateLoadContext, PrivateRoute } from './page-route.js';
import { editArticlePath, PATHS, sharedPreviewPath, shareLinksPath } from './paths.js';
import { ShareLinksPanel } from './share-links-panel.js';

interface ShareLinksData {
  session: EditorSession;
  id: number;
  titulo: string;
  links: ShareLinkSummary[];
  now: string;
  /** The link just made: its URL is shown this once. */
  created?: { url: string; expira_em: string };
  notice?: string;
  error?: string;
}

const editorOf = (session: EditorSession): Editor => ({ author: session.autor, via: 'sessao', role: session.papel, personId: session.id_pessoa });

const formNumber = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

function ShareLinksPage({ data }: { data: ShareLinksData }) {
  return (
    <>
      <AreaBar session={data.session} />
      <section className="section editor-page" aria-labelledby="previas-pagina-titulo">
        <div className="container narrow">
          <p className="area-back">
            <a href={editArticlePath(data.id)}>← Voltar ao artigo</a>
          </p>
          <h1 id="previas-pagina-titulo">Prévias: {data.titulo}</h1>
          {data.created ? (
            <div className="notice" role="status">
              <p>Link de prévia criado. Copie agora: ele não aparece de novo.</p>
              <label>
                Endereço da prévia
                <input type="url" readOnly value={data.created.url} size={60} />
              </label>
            </div>
          ) : null}
          {data.notice ? (
            <p className="notice" role="status">
              {data.notice}
            </p>
          ) : null}
          {data.error ? (
            <p className="form-error" role="alert">
              {data.error}
            </p>
          ) : null}
          <ShareLinksPanel id={data.id} links={data.links} now={data.now} />
        </div>
      </section>
    </>
  );
}

async function render(ctx: PrivateLoadContext, id: number, extra: Partial<ShareLinksData> = {}, status: 200 | 400 | 409 = 200) {
  const session = ctx.session!;
  const article = await shareableArticle(ctx.deps.repo, editorOf(session), id);
  const links = await ctx.deps.repo.shareLinks.list(id);
  return { status, data: { session, id, titulo: article.titulo, links, now: new Date().toISOString(), ...extra } };
}

async function act(ctx: PrivateLoadContext, id: number) {
  const editor = editorOf(ctx.session!);
  if (formText(ctx.req.body, 'acao') === 'revogar') {
    const previa = z.coerce.number().int().positive().safeParse(formText(ctx.req.body, 'previa'));
    if (!previa.success) throw new ApiError(404, SHARE_MESSAGES.notFound);
    await revokeShareLink({ repo: ctx.deps.repo, req: ctx.req }, editor, id, previa.data);
    return render(ctx, id, { notice: 'Link de prévia revogado: ele passa a responder que foi revogado.' });
  }
  const dias = formNumber(SHARE_DAYS.min, SHARE_DAYS.max).safeParse(formText(ctx.req.body, 'dias') || SHARE_DAYS.default);
  if (!dias.success) return render(ctx, id, { error: SHARE_MESSAGES.daysInvalid }, 400);
  const maxText = formText(ctx.req.body, 'max_visualizacoes');
  const max = maxText === '' ? { success: true as const, data: null } : formNumber(1, SHARE_MAX_VIEWS).safeParse(maxText);
  if (!max.success) return render(ctx, id, { error: SHARE_MESSAGES.viewsInvalid }, 400);
  const created = await createShareLink({ repo: ctx.deps.repo, site: ctx.deps.config.site, req: ctx.req, previewPath: sharedPreviewPath }, editor, id, { dias: dias.data, max_visualizacoes: max.data });
  return render(ctx, id, { created });
}

/** /editor/artigos/{id}/previas: the article's share links; the editor page's forms post here. */
export const shareLinksPage: PrivateRoute<ShareLinksData> = {
  id: 'share-links',
  path: PATHS.shareLinks,
  kind: 'private',
  session: 'required',
  async load(ctx) {
    const id = parseArticleId(String(ctx.params.id ?? ''));
    if (id === null) return { status: 404 };
    try {
      return await render(ctx, id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return { status: 404 };
      throw error;
    }
  },
  async action(ctx) {
    if (!isSameOrigin(ctx.req, ctx.deps.config.site.siteUrl)) return { status: 403, text: SIGN_IN_MESSAGES.foreignOrigin };
    const id = parseArticleId(String(ctx.params.id ?? ''));
    if (id === null) return { status: 404 };
    try {
      return await act(ctx, id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 404) return { status: 404 };
      if (error.status === 403) return { status: 403, text: PEOPLE_MESSAGES.forbidden };
      return render(ctx, id, { error: error.messages.join(' ') }, 409);
    }
  },
  meta: (_site, data) => privateMeta(shareLinksPath(data.id), `Prévias: ${data.titulo}`, 'Links de prévia de um artigo para quem não tem conta.'),
  Component: ShareLinksPage,
  documentAssets: areaAssets,
};
