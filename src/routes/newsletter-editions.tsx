import { formatDateTimePtBr } from '../content/format-date-time.js';
import type { Edition, EditionProgress } from '../db/edition-store.js';
import type { SubscriberState } from '../db/subscriber-store.js';
import { ApiError } from '../lib/api-error.js';
import { describeSchedule } from '../weekly-schedule.js';
import { may } from '../people/roles.js';
import { privateMeta } from '../seo/private-meta.js';
import { recentPublicArticles } from '../workflow/newsletter-editions.js';
import { createManualEdition, editionOrThrow, sendEditionTest, startManualEdition } from '../workflow/newsletter-manual.js';
import { newsletterDeps } from '../workflow/newsletter-signup.js';
import { isSameOrigin } from '../workflow/same-origin.js';
import { formText } from './form-fields.js';
import { AreaBar } from './layout/area-bar.js';
import { Forbidden } from './layout/forbidden.js';
import { areaAssets } from './layout/page-assets.js';
import { formList } from './newsletter-page.js';
import type { EditorSession, PrivateLoadContext, PrivateRoute } from './page-route.js';
import { PATHS } from './paths.js';
import { SIGN_IN_MESSAGES } from './sign-in.js';

const EDITIONS_SHOWN = 20;
const FAILURES_SHOWN = 5;
const ARTICLES_OFFERED = 30;

export interface NewsletterEditionsData {
  session: EditorSession;
  forbidden?: true;
  schedule: string;
  ratePerMinute: number;
  subscribers: Record<SubscriberState, number>;
  editions: { edition: Edition; progress: EditionProgress }[];
  articles: { id: number; titulo: string }[];
  previewBase: string;
  notice?: string;
  error?: string;
}

const STATE_LABELS: Record<Edition['estado'], string> = { rascunho: 'Rascunho', preparando: 'Enfileirando', enviada: 'Enviada' };

function EditionItem({ edition, progress, previewBase }: { edition: Edition; progress: EditionProgress; previewBase: string }) {
  const { porEstado } = progress;
  return (
    <li className="area-item">
      <h3>{edition.assunto}</h3>
      <dl className="area-item-facts">
        <div>
          <dt>Situação</dt>
          <dd>{`${STATE_LABELS[edition.estado]} · ${edition.vaga ? 'agendada' : `manual, por ${edition.criadaPor ?? '—'}`}`}</dd>
        </div>
        <div>
          <dt>Criada</dt>
          <dd>
            <time dateTime={edition.criadaEm}>{formatDateTimePtBr(edition.criadaEm)}</time>
          </dd>
        </div>
        <div>
          <dt>Artigos</dt>
          <dd>{edition.artigos.length}</dd>
        </div>
        <div>
          <dt>Progresso</dt>
          <dd>{`${edition.destinatarios} destinatários: ${porEstado.entregue} entregues, ${porEstado.pendente + porEstado.enviando} na fila, ${porEstado.falhou} falharam`}</dd>
        </div>
        <div>
          <dt>Aberturas</dt>
          <dd>não medimos (sem pixel de rastreamento nem links rastreados)</dd>
        </div>
      </dl>
      {progress.falhas.length > 0 && (
        <ul className="area-list-compact">
          {progress.falhas.map((failure) => (
            <li key={failure.entrega}>{`Entrega ${failure.entrega.slice(0, 8)} (${failure.tentativas} tentativas): ${failure.ultimaResposta ?? 'sem resposta'}`}</li>
          ))}
        </ul>
      )}
      <p className="area-actions">
        <a href={`${previewBase}/${edition.id}/previa`}>Pré-visualizar</a>
      </p>
      {edition.estado === 'rascunho' && (
        <div className="area-actions">
          <form method="post" action={PATHS.newsletterEditions}>
            <input type="hidden" name="edicao" value={edition.id} />
            <button type="submit" name="acao" value="teste" className="button button-secondary">
              Enviar teste para mim
            </button>
          </form>
          <form method="post" action={PATHS.newsletterEditions}>
            <input type="hidden" name="edicao" value={edition.id} />
            <button type="submit" name="acao" value="enviar" className="button button-primary">
              Enviar aos inscritos
            </button>
          </form>
        </div>
      )}
    </li>
  );
}

function NewsletterEditionsPage({ data }: { data: NewsletterEditionsData }) {
  if (data.forbidden) return <Forbidden session={data.session} />;
  const { subscribers } = data;
  return (
    <>
      <AreaBar session={data.session} />
      <section className="section area-page" aria-labelledby="boletins-titulo">
        <div className="container">
          <h1 id="boletins-titulo">Boletins</h1>
          <p>{`Inscritos: ${subscribers.confirmado} confirmados, ${subscribers.pendente} aguardando confirmação, ${subscribers.cancelado} cancelados, ${subscribers.invalido} inválidos.`}</p>
          <p>{`Edição automática: ${data.schedule}, com os artigos publicados desde a anterior (nenhuma quando não há nada novo). Envio: até ${data.ratePerMinute} mensagens por minuto.`}</p>
          <p>Aberturas: nenhuma medida. Não usamos pixel de rastreamento nem links de rastreamento de cliques; os links levam só utm_source=newsletter.</p>
          {data.notice && (
            <p className="area-notice" role="status">
              {data.notice}
            </p>
          )}
          {data.error && (
            <p className="area-error-box" role="alert">
              {data.error}
            </p>
          )}
          <h2>Nova edição manual</h2>
          <form className="area-form" method="post" action={PATHS.newsletterEditions}>
            <input type="hidden" name="acao" value="criar" />
            <div className="area-field">
              <label htmlFor="boletim-assunto">Assunto</label>
              <input id="boletim-assunto" name="assunto" type="text" required maxLength={150} />
            </div>
            <fieldset className="area-field">
              <legend>Artigos</legend>
              {data.articles.map((article) => (
                <label key={article.id} className="area-check">
                  <input type="checkbox" name="artigos" value={article.id} /> {article.titulo}
                </label>
              ))}
            </fieldset>
            <button type="submit" className="button button-primary">
              Criar rascunho
            </button>
          </form>
          <h2>Edições</h2>
          {data.editions.length === 0 ? (
            <p>Nenhuma edição ainda.</p>
          ) : (
            <ol className="area-list">
              {data.editions.map(({ edition, progress }) => (
                <EditionItem key={edition.id} edition={edition} progress={progress} previewBase={data.previewBase} />
              ))}
            </ol>
          )}
        </div>
      </section>
    </>
  );
}

async function pageData(ctx: PrivateLoadContext, said: Pick<NewsletterEditionsData, 'notice' | 'error'> = {}): Promise<NewsletterEditionsData> {
  const { repo, config } = ctx.deps;
  const [subscribers, editions, articles] = await Promise.all([repo.subscribers.counts(), repo.editions.list(EDITIONS_SHOWN), recentPublicArticles(repo)]);
  return {
    session: ctx.session!,
    schedule: describeSchedule(config.newsletter.schedule),
    ratePerMinute: config.newsletter.ratePerMinute,
    subscribers,
    editions: await Promise.all(editions.map(async (edition) => ({ edition, progress: await repo.editions.progress(edition.id, FAILURES_SHOWN) }))),
    articles: articles.slice(0, ARTICLES_OFFERED).map(({ id, titulo }) => ({ id, titulo })),
    previewBase: `${config.apiBasePath}/boletins`,
    ...said,
  };
}

const forbidden = (session: EditorSession) => ({ status: 403 as const, data: { session, forbidden: true as const } as NewsletterEditionsData });

/** What a form asked, done; a refusal (ApiError) is shown on the page with its status. */
async function act(ctx: PrivateLoadContext): Promise<{ notice: string }> {
  const deps = newsletterDeps(ctx.deps);
  const acao = formText(ctx.req.body, 'acao');
  if (acao === 'criar') {
    const artigos = formList(ctx.req.body, 'artigos').map(Number).filter(Number.isInteger);
    const assunto = formText(ctx.req.body, 'assunto').trim().slice(0, 150);
    if (!assunto || artigos.length === 0) throw new ApiError(400, 'Escreva o assunto e escolha pelo menos um artigo.');
    await createManualEdition(deps, { artigos, assunto }, ctx.session!.autor);
    return { notice: 'Rascunho criado: pré-visualize, envie um teste para você e depois envie aos inscritos.' };
  }
  const edition = await editionOrThrow(deps, formText(ctx.req.body, 'edicao'));
  if (acao === 'teste') {
    const person = ctx.session!.id_pessoa === null ? null : await ctx.deps.repo.people.get(ctx.session!.id_pessoa);
    await sendEditionTest(deps, edition, person?.email ?? null);
    return { notice: `Teste enviado para ${person!.email}.` };
  }
  await startManualEdition(deps, edition.id);
  return { notice: 'Envio iniciado: o progresso aparece abaixo.' };
}

/** /editor/boletins (roles that may publish): editions with their progress and failures; manual editions. */
export const newsletterEditionsPage: PrivateRoute<NewsletterEditionsData> = {
  id: 'newsletter-editions',
  path: PATHS.newsletterEditions,
  kind: 'private',
  session: 'required',
  async load(ctx) {
    if (!may(ctx.session!.papel, 'publicar')) return forbidden(ctx.session!);
    return { status: 200, data: await pageData(ctx) };
  },
  async action(ctx) {
    if (!isSameOrigin(ctx.req, ctx.deps.config.site.siteUrl)) return { status: 403, text: SIGN_IN_MESSAGES.foreignOrigin };
    if (!may(ctx.session!.papel, 'publicar')) return forbidden(ctx.session!);
    try {
      return { status: 200, data: await pageData(ctx, await act(ctx)) };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const status = error.status === 404 || error.status === 409 || error.status === 422 ? error.status : 400;
      return { status, data: await pageData(ctx, { error: error.message }) };
    }
  },
  meta: () => privateMeta(PATHS.newsletterEditions, 'Boletins', 'Edições do boletim por e-mail: progresso, falhas e envio manual.'),
  Component: NewsletterEditionsPage,
  documentAssets: areaAssets,
};
