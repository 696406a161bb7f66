import { z } from 'zod';
import type { LibraryImage } from '../db/image-store.js';
import { ApiError } from '../lib/api-error.js';
import { LIBRARY_PAGE_SIZE } from '../lib/library-page-size.js';
import { privateMeta } from '../seo/private-meta.js';
import type { Editor } from '../workflow/editor-auth.js';
import { assertMayUseLibrary, changeImage, deleteLibraryImage, MEDIA_MESSAGES, searchLibrary } from '../workflow/media-library.js';
import { isSameOrigin } from '../workflow/same-origin.js';
import { formText } from './form-fields.js';
import { AreaBar } from './layout/area-bar.js';
import { Forbidden } from './layout/forbidden.js';
import { FocusPicker, postedFocus } from './layout/focus-picker.js';
import { areaAssets } from './layout/page-assets.js';
import type { EditorSession, PrivateLoadContext, PrivateRoute } from './page-route.js';
import { editArticlePath, PATHS } from './paths.js';
import { SIGN_IN_MESSAGES } from './sign-in.js';

export interface MediaLibraryData {
  session: EditorSession;
  forbidden?: true;
  query: string;
  /** This page's images, newest first. */
  images: LibraryImage[];
  /** How many images the search found, over every page. */
  total: number;
  pagina: number;
  notice?: string;
  error?: string[];
}

const first = (value: unknown): unknown => (Array.isArray(value) ? (value as unknown[])[0] : value);
const pageSchema = z.preprocess(first, z.coerce.number().int().min(1).max(100_000).catch(1).default(1));

/** This page's address: the forms post back to it, so an action keeps the search and the page. */
function libraryPath(query: string, pagina: number): string {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  if (pagina > 1) params.set('pagina', String(pagina));
  const search = params.toString();
  return search ? `${PATHS.mediaLibrary}?${search}` : PATHS.mediaLibrary;
}

function FocusPickerOf({ image, here }: { image: LibraryImage; here: string }) {
  return (
    <FocusPicker
      action={here}
      acao="foco"
      hidden={{ id: image.id }}
      src={image.miniatura}
      width={image.width}
      height={image.height}
      foco={image.foco}
      label={`Ponto focal de ${image.nome}`}
      idPrefix={`foco-${image.id}`}
    />
  );
}

function LibraryItem({ image, here }: { image: LibraryImage; here: string }) {
  return (
    <li className="area-item media-item" id={`imagem-${image.id}`}>
      <h2 className="area-item-title">{image.nome}</h2>
      <dl className="area-item-facts">
        <div>
          <dt>Enviada para</dt>
          <dd>
            <a href={editArticlePath(image.id_artigo)}>{image.titulo_artigo || `Artigo ${image.id_artigo}`}</a>
          </dd>
        </div>
        <div>
          <dt>Tamanho</dt>
          <dd>{`${image.width} × ${image.height} px`}</dd>
        </div>
        <div>
          <dt>Usos</dt>
          <dd>{image.usos.length === 0 ? 'Nenhum artigo a mostra' : `${image.usos.length} ${image.usos.length === 1 ? 'artigo' : 'artigos'}`}</dd>
        </div>
      </dl>
      {image.usos.length > 0 && (
        <ul className="area-list-compact">
          {image.usos.map((use) => (
            <li key={use.id_artigo}>
              <a href={editArticlePath(use.id_artigo)}>{use.titulo}</a>
            </li>
          ))}
        </ul>
      )}
      <FocusPickerOf image={image} here={here} />
      <form method="post" action={here} className="area-form">
        <input type="hidden" name="acao" value="textos" />
        <input type="hidden" name="id" value={image.id} />
        <div className="area-field">
          <label htmlFor={`alt-${image.id}`}>Texto alternativo padrão</label>
          <input id={`alt-${image.id}`} name="alt_padrao" type="text" maxLength={500} defaultValue={image.alt_padrao ?? ''} />
        </div>
        <div className="area-field">
          <label htmlFor={`legenda-${image.id}`}>Legenda padrão</label>
          <input id={`legenda-${image.id}`} name="legenda_padrao" type="text" maxLength={500} defaultValue={image.legenda_padrao ?? ''} />
        </div>
        <p className="area-hint">Valem para os próximos usos; cada artigo pode mudar os seus.</p>
        <button type="submit" className="button button-secondary">
          Salvar textos
        </button>
      </form>
      <form method="post" action={here} className="area-actions">
        <input type="hidden" name="acao" value="apagar" />
        <input type="hidden" name="id" value={image.id} />
        <button type="submit" className="button button-secondary">{`Apagar ${image.nome}`}</button>
      </form>
    </li>
  );
}

function MediaLibraryPage({ data }: { data: MediaLibraryData }) {
  if (data.forbidden) return <Forbidden session={data.session} />;
  const pages = Math.ceil(data.total / LIBRARY_PAGE_SIZE);
  return (
    <>
      <AreaBar session={data.session} />
      <section className="section area-page" aria-labelledby="imagens-titulo">
        <div className="container">
          <h1 id="imagens-titulo">Imagens</h1>
          <p>Todas as imagens enviadas pela equipe. Para usar uma num artigo, escolha “Da biblioteca” no botão de imagem do editor ou na imagem principal: não há novo envio nem cópia.</p>
          <form className="area-form media-search" method="get" action={PATHS.mediaLibrary} role="search">
            <div className="area-field">
              <label htmlFor="imagens-busca">Procurar por nome, texto alternativo ou artigo</label>
              <input id="imagens-busca" name="q" type="search" defaultValue={data.query} maxLength={200} />
            </div>
            <button type="submit" className="button button-primary">
              Procurar
            </button>
          </form>
          {data.notice && (
            <p className="area-notice" role="status">
              {data.notice}
            </p>
          )}
          {data.error && (
            <div className="area-error-box" role="alert">
              <p>{data.error[0]}</p>
              {data.error.length > 1 && (
                <ul>
                  {data.error.slice(1).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {data.total === 0 && <p>{data.query ? 'Nenhuma imagem encontrada.' : 'Nenhuma imagem enviada ainda.'}</p>}
          {data.total > 0 && data.images.length === 0 && (
            <p>
              Esta página não tem imagens. <a href={libraryPath(data.query, 1)}>Voltar à primeira página</a>
            </p>
          )}
          {data.images.length > 0 && (
            <ol className="area-list media-list">
              {data.images.map((image) => (
                <LibraryItem key={image.id} image={image} here={libraryPath(data.query, data.pagina)} />
              ))}
            </ol>
          )}
          {pages > 1 && (
            <nav className="area-paging" aria-label="Páginas da biblioteca">
              {data.pagina > 1 && <a href={libraryPath(data.query, data.pagina - 1)}>← Mais recentes</a>}
              <span>{`Página ${data.pagina} de ${pages} (${data.total.toLocaleString('pt-BR')} imagens)`}</span>
              {data.pagina < pages && <a href={libraryPath(data.query, data.pagina + 1)}>Mais antigas →</a>}
            </nav>
          )}
        </div>
      </section>
    </>
  );
}

const editorOf = (session: EditorSession): Editor => ({ author: session.autor, via: 'sessao', role: session.papel, personId: session.id_pessoa });

async function pageData(ctx: PrivateLoadContext, said: Pick<MediaLibraryData, 'notice' | 'error'> = {}): Promise<MediaLibraryData> {
  const query = (ctx.search.get('q') ?? '').slice(0, 200);
  const pagina = pageSchema.parse(ctx.search.get('pagina') ?? undefined);
  const { total, images } = await searchLibrary(ctx.deps.repo, query, pagina);
  return { session: ctx.session!, query, images, total, pagina, ...said };
}

/** What a form asked, done. */
async function act(ctx: PrivateLoadContext): Promise<{ notice: string }> {
  const { repo } = ctx.deps;
  const editor = editorOf(ctx.session!);
  const body = ctx.req.body as unknown;
  const id = Number(formText(body, 'id'));
  const acao = formText(body, 'acao');
  if (acao === 'apagar') {
    const image = await deleteLibraryImage(repo, editor, id);
    return { notice: `${MEDIA_MESSAGES.deleted} (${image.nome})` };
  }
  if (acao === 'textos') {
    await changeImage(repo, editor, id, { alt_padrao: formText(body, 'alt_padrao').trim().slice(0, 500) || null, legenda_padrao: formText(body, 'legenda_padrao').trim().slice(0, 500) || null });
    return { notice: MEDIA_MESSAGES.textsSaved };
  }
  const clicked = acao === 'foco-clique';
  if (!clicked && acao !== 'foco') throw new ApiError(400, 'Informe o ponto focal em porcentagens de 0 a 100.');
  const image = clicked ? await repo.images.libraryImage(id) : null;
  if (clicked && !image) throw new ApiError(404, MEDIA_MESSAGES.notFound);
  const focus = postedFocus(body, clicked, image ?? { width: 1, height: 1 });
  if (!focus) throw new ApiError(400, clicked ? 'Clique na imagem para escolher o ponto focal.' : 'Informe o ponto focal em porcentagens de 0 a 100.');
  await changeImage(repo, editor, id, { foco: focus });
  return { notice: MEDIA_MESSAGES.focusSaved };
}

const forbidden = (session: EditorSession) => ({ status: 403 as const, data: { session, forbidden: true as const, query: '', images: [], total: 0, pagina: 1 } as MediaLibraryData });

const allowed = (session: EditorSession) => {
  try {
    assertMayUseLibrary({ role: session.papel });
    return true;
  } catch {
    return false;
  }
};

/** /editor/imagens (every role but colaborador): the team's images, where each is used, focal point, default texts. */
export const mediaLibraryPage: PrivateRoute<MediaLibraryData> = {
  id: 'media-library',
  path: PATHS.mediaLibrary,
  kind: 'private',
  session: 'required',
  async load(ctx) {
    if (!allowed(ctx.session!)) return forbidden(ctx.session!);
    return { status: 200, data: await pageData(ctx) };
  },
  async action(ctx) {
    if (!isSameOrigin(ctx.req, ctx.deps.config.site.siteUrl)) return { status: 403, text: SIGN_IN_MESSAGES.foreignOrigin };
    if (!allowed(ctx.session!)) return forbidden(ctx.session!);
    try {
      return { status: 200, data: await pageData(ctx, await act(ctx)) };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const status = error.status === 403 || error.status === 404 || error.status === 409 ? error.status : 400;
      return { status, data: await pageData(ctx, { error: error.messages }) };
    }
  },
  meta: () => privateMeta(PATHS.mediaLibrary, 'Imagens', 'Biblioteca de imagens da equipe: onde cada uma é usada, ponto focal e textos padrão.'),
  Component: MediaLibraryPage,
  documentAssets: areaAssets,
};
