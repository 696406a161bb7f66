import { AreaBar } from './layout/area-bar.js';
import type { FormRootProps } from '../editor/form/form-root.js';
import { privateMeta } from '../seo/private-meta.js';
import { articleHeading, readerOf, type ArticleHeading } from './article-heading.js';
import { ArticleFormRoot } from './layout/article-form-root.js';
import { articleFormAssets } from './layout/page-assets.js';
import type { EditorSession, PrivateRoute } from './page-route.js';
import { may } from '../people/roles.js';
import { editArticlePath, PATHS } from './paths.js';
import { DraftNotesPanel, type DraftNotesPanelProps } from '../components/draft-notes-panel.js';
import { actOnNotes, NOTE_DONE, NOTE_DONE_PARAM, notesOfPage } from './draft-notes-form.js';
import { isSameOrigin } from '../workflow/same-origin.js';
import { parseArticleId } from '../content/article-id.js';
import { SIGN_IN_MESSAGES } from './sign-in.js';
import type { PrivateLoadContext, Rendered } from './page-route.js';
import type { ShareLinkSummary } from '../db/share-link-store.js';
import { ShareLinksPanel } from './share-links-panel.js';

export interface EditArticleData {
  session: EditorSession;
  article: ArticleHeading;
  form: FormRootProps;
  notes: DraftNotesPanelProps;
  /** The article's share links, for those who may publish it (issue 33). */
  shareLinks?: { links: ShareLinkSummary[]; now: string };
}

/** /editor/artigos/{id}: the /novo-artigo form in edit mode; the form loads the article itself after hydration. */
function EditArticlePage({ data: { session, article, form, notes, shareLinks } }: { data: EditArticleData }) {
  return (
    <>
      <AreaBar session={session} />
      <section className="section editor-page" aria-labelledby="editar-artigo-titulo">
        <div className="container narrow">
          <p className="area-back">
            <a href={PATHS.editorHome}>← Todos os artigos</a>
          </p>
          <h1 id="editar-artigo-titulo">Editar artigo</h1>
          {/* The state is shown by the form, which keeps it current after each action. */}
          <p className="lead">{article.titulo}</p>
          <ArticleFormRoot form={form} />
          <DraftNotesPanel {...notes} />
          {shareLinks ? <ShareLinksPanel id={article.id} links={shareLinks.links} now={shareLinks.now} /> : null}
        </div>
      </section>
    </>
  );
}

/** The page, with the notes' outcome of a form just posted. */
async function editPage({ deps, params, session }: PrivateLoadContext, said: Pick<DraftNotesPanelProps, 'notice' | 'error'>, status: Rendered<EditArticleData>['status'] = 200): Promise<Rendered<EditArticleData> | null> {
  const article = await articleHeading(deps.repo, params.id, readerOf(session!));
  if (!article) return null;
  const own = session!.id_pessoa !== null && article.id_criador === session!.id_pessoa;
  const podePublicar = may(session!.papel, 'publicar', own);
  const form = { apiBasePath: deps.config.apiBasePath, mode: { kind: 'edit', id: article.id } as const, session: {
      autor: session!.autor,
      podePublicar,
      podeRevisar: may(session!.papel, 'aprovar-revisao'),
      podeCorrigir: may(session!.papel, 'corrigir'),
      podeDefinirRevisao: may(session!.papel, 'gerir-revisoes'),
      mesesRevisao: deps.config.site.editorial.reviewIntervalMonths,
    },
  };
  const notes = { ...(await notesOfPage(deps.repo, session!, article.id)), action: editArticlePath(article.id), ...said };
  const shareLinks = podePublicar ? { links: await deps.repo.shareLinks.list(article.id), now: new Date().toISOString() } : undefined;
  return { status, data: { session: session!, article, form, notes, ...(shareLinks ? { shareLinks } : {}) } };
}

export const editArticlePage: PrivateRoute<EditArticleData> = {
  id: 'edit-article',
  path: PATHS.editArticle,
  kind: 'private',
  session: 'required',
  async load(ctx) {
    const done = ctx.search.get(NOTE_DONE_PARAM);
    return (await editPage(ctx, done && done in NOTE_DONE ? { notice: NOTE_DONE[done as keyof typeof NOTE_DONE] } : {})) ?? { status: 404 };
  },
  async action(ctx) {
    if (!isSameOrigin(ctx.req, ctx.deps.config.site.siteUrl)) return { status: 403, text: SIGN_IN_MESSAGES.foreignOrigin };
    const id = parseArticleId(ctx.params.id ?? '');
    if (id === null) return { status: 404 };
    const outcome = await actOnNotes(ctx.deps.repo, ctx.req, ctx.session!, id);
    if ('done' in outcome) return { status: 303, location: `${editArticlePath(id)}?${NOTE_DONE_PARAM}=${outcome.done}#notas` };
    return (await editPage(ctx, { error: outcome.message }, outcome.status)) ?? { status: 404 };
  },
  meta: (_site, { article }) =>
    privateMeta(editArticlePath(article.id), `Editar: ${article.titulo}`, 'Edição de um artigo da seção de notícias.'),
  Component: EditArticlePage,
  documentAssets: (assets) => articleFormAssets(assets, true),
};
