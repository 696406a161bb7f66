import type { ArticleOfImport, ImportJob } from '../db/import-store.js';
import { mayWith } from '../people/roles.js';
import { privateMeta } from '../seo/private-meta.js';
import { AreaBar } from './layout/area-bar.js';
import { Forbidden } from './layout/forbidden.js';
import { importPageAssets } from './layout/page-assets.js';
import type { EditorSession, PrivateRoute } from './page-route.js';
import { articlePath, editArticlePath, PATHS } from './paths.js';

/** The articles of one import listed on its page: the rest are in the editor's list. */
const ARTICLES_SHOWN = 200;

export interface ImportPageData {
  session: EditorSession;
  forbidden?: true;
  jobs: ImportJob[];
  /** The import asked for with ?importacao=, with the articles it created. */
  current?: { job: ImportJob; articles: ArticleOfImport[] };
  notFound?: true;
}

const STATUS_LABELS: Record<ArticleOfImport['status'], string> = { publicado: 'publicado', rascunho: 'rascunho', agendado: 'agendado', despublicado: 'despublicado' };

const dateTime = (iso: string) => new Date(iso).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });

const importUrl = (id: number) => `${PATHS.importArchive}?importacao=${id}`;

function JobProgress({ job }: { job: ImportJob }) {
  const running = job.estado === 'em-andamento';
  return (
    <div className="import-progress" data-importacao={job.id} data-estado={job.estado}>
      <label htmlFor={`importacao-barra-${job.id}`}>{running ? 'Importando…' : 'Importação concluída'}</label>
      <progress id={`importacao-barra-${job.id}`} max={Math.max(job.total, 1)} value={running ? job.feitos : Math.max(job.total, 1)} />
      <p role="status" data-contagem>
        {`${job.feitos.toLocaleString('pt-BR')} de ${job.total.toLocaleString('pt-BR')} itens: ${job.criados.toLocaleString('pt-BR')} criados, ${job.recusados.toLocaleString('pt-BR')} recusados.`}
      </p>
      {running && (
        <p className="area-hint">
          Pode sair desta página: a importação continua no servidor e o andamento aparece aqui quando você voltar. Se o servidor for reiniciado, envie o mesmo arquivo de novo para retomar de onde parou.
        </p>
      )}
    </div>
  );
}

function CurrentImport({ job, articles }: { job: ImportJob; articles: ArticleOfImport[] }) {
  return (
    <section className="import-current" aria-labelledby="importacao-atual">
      <h2 id="importacao-atual">{`Importação de ${job.arquivo}`}</h2>
      <JobProgress job={job} />
      {job.estado === 'concluida' && (
        <>
          <h3>Artigos criados</h3>
          {articles.length === 0 ? (
            <p>Nenhum artigo novo: tudo o que o arquivo tinha já estava no site ou foi recusado.</p>
          ) : (
            <ol className="area-list-compact import-articles">
              {articles.map((article) => (
                <li key={article.id}>
                  <a href={editArticlePath(article.id)}>{article.titulo}</a>
                  {` (${STATUS_LABELS[article.status]})`}
                  {article.status === 'publicado' && (
                    <>
                      {' · '}
                      <a href={articlePath(article)}>{`ver ${article.titulo} no site`}</a>
                    </>
                  )}
                </li>
              ))}
            </ol>
          )}
          {job.criados > articles.length && <p className="area-hint">{`Os demais ${(job.criados - articles.length).toLocaleString('pt-BR')} estão na lista de artigos.`}</p>}
        </>
      )}
    </section>
  );
}

function ImportPage({ data }: { data: ImportPageData }) {
  if (data.forbidden) return <Forbidden session={data.session} />;
  return (
    <>
      <AreaBar session={data.session} current="importar" />
      <section className="section area-page" aria-labelledby="importar-titulo">
        <div className="container">
          <h1 id="importar-titulo">Importar o arquivo</h1>
          <p>
            Traga os artigos de um site antigo: a exportação do WordPress (arquivo .xml, ou um .zip com ela e a pasta wp-content/uploads) ou um .zip de arquivos Markdown com as imagens ao lado. Veja a prévia antes: ela mostra o que será criado, o que
            será recusado e por quê, e as imagens de outros sites, que você envia depois.
          </p>
          {data.notFound && (
            <p className="area-error-box" role="alert">
              Importação não encontrada.
            </p>
          )}
          {data.current && <CurrentImport job={data.current.job} articles={data.current.articles} />}
          <h2>{data.current ? 'Importar outro arquivo' : 'Enviar o arquivo'}</h2>
          <noscript>
            <p className="area-error-box">Para enviar o arquivo, esta página precisa de JavaScript ativado no navegador.</p>
          </noscript>
          <form className="area-form import-form" id="importacao-form" data-api="/api" data-pagina={PATHS.importArchive}>
            <div className="area-field">
              <label htmlFor="importacao-arquivo">Arquivo de exportação (.xml ou .zip, até 500 MB)</label>
              <input id="importacao-arquivo" name="file" type="file" accept=".xml,.zip,application/xml,text/xml,application/zip" required />
            </div>
            <div className="area-actions">
              <button type="submit" name="acao" value="previa" className="button button-secondary">
                Ver prévia
              </button>
              <button type="submit" name="acao" value="importar" className="button button-primary">
                Importar
              </button>
            </div>
            <p className="area-hint" data-importacao-aviso role="status" />
          </form>
          <div id="importacao-previa" />
          <h2>Importações anteriores</h2>
          {data.jobs.length === 0 ? (
            <p>Nenhuma importação ainda.</p>
          ) : (
            <ol className="area-list-compact">
              {data.jobs.map((job) => (
                <li key={job.id}>
                  <a href={importUrl(job.id)}>{job.arquivo}</a>
                  {` · ${dateTime(job.criada_em)} · ${job.estado === 'concluida' ? 'concluída' : 'em andamento'} · ${job.criados.toLocaleString('pt-BR')} criados, ${job.recusados.toLocaleString('pt-BR')} recusados`}
                </li>
              ))}
            </ol>
          )}
        </div>
      </section>
    </>
  );
}

const mayImport = (session: EditorSession) => mayWith(session.papel, session.permissoes ?? [], 'importar');

/** /editor/importar (administrators): the import's form, its dry run, one import's progress and result, and the earlier imports. */
export const importArchivePage: PrivateRoute<ImportPageData> = {
  id: 'import-archive',
  path: PATHS.importArchive,
  kind: 'private',
  session: 'required',
  async load(ctx) {
    const session = ctx.session!;
    if (!mayImport(session)) return { status: 403, data: { session, forbidden: true, jobs: [] } };
    const { imports } = ctx.deps.repo;
    const jobs = await imports.recentJobs(20);
    const asked = Number(ctx.search.get('importacao') ?? '');
    if (!ctx.search.has('importacao')) return { status: 200, data: { session, jobs } };
    const job = Number.isSafeInteger(asked) && asked > 0 ? await imports.job(asked) : null;
    if (!job) return { status: 404, data: { session, jobs, notFound: true } };
    return { status: 200, data: { session, jobs, current: { job, articles: await imports.articlesOf(job.id, ARTICLES_SHOWN) } } };
  },
  meta: () => privateMeta(PATHS.importArchive, 'Importar o arquivo', 'Importação de artigos do WordPress ou de arquivos Markdown, com prévia e andamento.'),
  Component: ImportPage,
  documentAssets: importPageAssets,
};
