import { AreaBar } from './layout/area-bar.js';
import { Added, countsSentence, DiffParagraphs, Pieces, Removed } from '../components/word-diff.js';
import { parseArticleId } from '../content/article-id.js';
import { actionLabel } from '../content/article-states.js';
import { formatDateTimePtBr } from '../content/format-date-time.js';
import { articleText } from '../content/html-text.js';
import { fieldChanges, topicChanges, type FieldChange, type TopicChanges } from '../content/version-changes.js';
import { diffCounts, textDiff, wordDiff, type DiffCounts, type DiffLine, type Piece } from '../content/word-diff.js';
import type { RevisionSummary } from '../db/revision-store.js';
import { sanitizeArticleHtml } from '../lib/sanitize-article-html.js';
import { privateMeta } from '../seo/private-meta.js';
import { articleHeading, readerOf, type ArticleHeading } from './article-heading.js';
import { areaAssets } from './layout/page-assets.js';
import type { EditorSession, PrivateRoute } from './page-route.js';
import { COMPARE_PARAMS, compareFormPath, comparePath, historyPath, PATHS, revisionPath } from './paths.js';

interface TextComparison {
  pieces: Piece[];
  counts: DiffCounts;
}

export interface CompareData {
  session: EditorSession;
  article: ArticleHeading;
  /** Every version, newest first, for the choice of the two compared. */
  revisions: RevisionSummary[];
  from: RevisionSummary;
  to: RevisionSummary;
  title: TextComparison;
  description: TextComparison;
  text: { lines: DiffLine[]; counts: DiffCounts };
  fields: FieldChange[];
  /** null when either version predates topics in revisions. */
  topics: TopicChanges | null;
}

function versionName(entry: RevisionSummary, current: number): string {
  return entry.versao === current ? `versão ${entry.versao} (atual)` : `versão ${entry.versao}`;
}

/** "Editado por Ana em 22/11/2026, 18:30". */
function saved(entry: RevisionSummary): string {
  return `${actionLabel(entry.acao)} por ${entry.autor} em ${formatDateTimePtBr(entry.data)}`;
}

function VersionChoice({ id, name, label, chosen, data }: { id: string; name: string; label: string; chosen: number; data: CompareData }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={String(chosen)}>
        {data.revisions.map((entry) => (
          <option key={entry.versao} value={entry.versao}>
            {`${versionName(entry, data.article.versao)} · ${formatDateTimePtBr(entry.data)} · ${entry.autor}`}
          </option>
        ))}
      </select>
    </>
  );
}

/** One line of topics that entered or left, each marked like a changed word. */
function TopicLine({ label, names, Mark }: { label: string; names: string[]; Mark: typeof Added }) {
  if (names.length === 0) return null;
  return (
    <p className="diff-line">
      {`${label}: `}
      {names.map((name, index) => (
        <span key={name}>
          {index > 0 && ', '}
          <Mark>{name}</Mark>
        </span>
      ))}
    </p>
  );
}

function TopicsSection({ topics }: { topics: TopicChanges | null }) {
  return (
    <section className="diff-section" aria-labelledby="comparar-temas">
      <h2 id="comparar-temas">Temas</h2>
      {topics === null ? (
        <p>Esta versão é anterior ao registro dos temas no histórico: não há o que comparar.</p>
      ) : topics.added.length + topics.removed.length === 0 ? (
        <p>Os temas não mudaram.</p>
      ) : (
        <>
          <TopicLine label="Entraram" names={topics.added} Mark={Added} />
          <TopicLine label="Saíram" names={topics.removed} Mark={Removed} />
        </>
      )}
    </section>
  );
}

function TextSection({ id, title, comparison }: { id: string; title: string; comparison: TextComparison }) {
  const changed = comparison.counts.added + comparison.counts.removed > 0;
  return (
    <section className="diff-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="diff-counts">{countsSentence(comparison.counts)}</p>
      {changed && (
        <p className="diff-line">
          <Pieces pieces={comparison.pieces} />
        </p>
      )}
    </section>
  );
}

/**
 * /editor/artigos/{id}/comparar?de=&para=: what changed from one version to another, word by word in
 * the title, description and text, and field by field elsewhere. A plain GET form picks the versions.
 */
function ComparePage({ data }: { data: CompareData }) {
  const { session, article, from, to, fields, text } = data;
  const fromName = versionName(from, article.versao);
  const toName = versionName(to, article.versao);
  return (
    <>
      <AreaBar session={session} />
      <section className="section area-page" aria-labelledby="comparar-titulo">
        <div className="container area-narrow">
          <p className="area-back">
            <a href={historyPath(article.id)}>← Voltar ao histórico</a>
          </p>
          <h1 id="comparar-titulo">Comparar versões</h1>
          <p className="lead">{article.titulo}</p>
          <form className="area-inline-form diff-choice" method="get" action={compareFormPath(article.id)}>
            <VersionChoice id="comparar-de" name={COMPARE_PARAMS.from} label="Da versão" chosen={from.versao} data={data} />
            <VersionChoice id="comparar-para" name={COMPARE_PARAMS.to} label="Para a versão" chosen={to.versao} data={data} />
            <button type="submit" className="button button-secondary">
              Comparar
            </button>
          </form>
          <p className="area-readonly" role="note">
            {`Da versão ${from.versao}: ${saved(from)}. Para a versão ${to.versao}${to.versao === article.versao ? ', a atual' : ''}: ${saved(to)}.`}
          </p>
          {from.versao === to.versao ? (
            <p className="area-notice" role="status">
              Você escolheu a mesma versão duas vezes: escolha duas versões diferentes.
            </p>
          ) : (
            <>
              <p className="diff-legend">
                Como ler: <Added>palavras que entraram</Added> <Removed>palavras que saíram</Removed>
              </p>
              {from.versao !== article.versao && (
                <p>
                  <a href={revisionPath(article.id, from.versao)}>{`Ver a versão ${from.versao} inteira ou restaurá-la`}</a>
                </p>
              )}
              <section className="diff-section" aria-labelledby="comparar-campos">
                <h2 id="comparar-campos">Outros campos</h2>
                {fields.length === 0 ? (
                  <p>Estado, título na URL, palavras-chave e imagem principal não mudaram.</p>
                ) : (
                  <dl className="diff-fields">
                    {fields.map((field) => (
                      <div key={field.label}>
                        <dt>{field.label}</dt>
                        <dd>
                          <Removed label={`na ${fromName}`}>{field.before}</Removed>
                        </dd>
                        <dd>
                          <Added label={`na ${toName}`}>{field.after}</Added>
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
              </section>
              <TopicsSection topics={data.topics} />
              <TextSection id="comparar-titulo-artigo" title="Título" comparison={data.title} />
              <TextSection id="comparar-descricao" title="Descrição" comparison={data.description} />
              <section className="diff-section" aria-labelledby="comparar-texto">
                <h2 id="comparar-texto">Texto</h2>
                <p className="diff-counts">{countsSentence(text.counts)}</p>
                {text.counts.added + text.counts.removed > 0 && <DiffParagraphs lines={text.lines} />}
              </section>
            </>
          )}
        </div>
      </section>
    </>
  );
}

function compareText(before: string, after: string): TextComparison {
  const pieces = wordDiff(before, after);
  return { pieces, counts: diffCounts(pieces) };
}

/** A version number from the query; absent means "the default", anything else unusable means no such page. */
function versionParam(search: URLSearchParams, name: string): number | null | undefined {
  const values = search.getAll(name);
  if (values.length === 0 || values[0] === '') return undefined;
  return values.length === 1 ? parseArticleId(values[0]!) : null;
}

export const comparePage: PrivateRoute<CompareData> = {
  id: 'compare',
  path: PATHS.compare,
  kind: 'private',
  session: 'required',
  async load({ deps, params, search, session }) {
    const article = await articleHeading(deps.repo, params.id, readerOf(session!));
    if (!article) return { status: 404 };
    const toParam = versionParam(search, COMPARE_PARAMS.to);
    const fromParam = versionParam(search, COMPARE_PARAMS.from);
    if (toParam === null || fromParam === null) return { status: 404 };
    const revisions = [...(await deps.repo.revisions.revisions(article.id))].sort((a, b) => b.versao - a.versao);
    const to = revisions.find((entry) => entry.versao === (toParam ?? article.versao));
    // Without a starting version, the one before: "what did this save change?"
    const from = fromParam === undefined ? to && (revisions.find((entry) => entry.versao < to.versao) ?? to) : revisions.find((entry) => entry.versao === fromParam);
    if (!to || !from) return { status: 404 };
    const [before, after] = await Promise.all([deps.repo.revisions.revision(article.id, from.versao), deps.repo.revisions.revision(article.id, to.versao)]);
    if (!before || !after) return { status: 404 };
    const a = before.snapshot;
    const b = after.snapshot;
    const lines = textDiff(articleText(sanitizeArticleHtml(a.conteudo)), articleText(sanitizeArticleHtml(b.conteudo)));
    return {
      status: 200,
      data: {
        session: session!,
        article,
        revisions,
        from,
        to,
        title: compareText(a.titulo, b.titulo),
        description: compareText(a.descricao, b.descricao),
        text: { lines, counts: diffCounts(lines.flatMap((line) => line.pieces)) },
        fields: fieldChanges(a, b),
        topics: topicChanges(a, b),
      },
    };
  },
  meta: (_site, { article, from, to }) =>
    privateMeta(
      comparePath(article.id, from.versao, to.versao),
      `Comparar versões ${from.versao} e ${to.versao}: ${article.titulo}`,
      'O que mudou de uma versão do artigo para outra.',
    ),
  Component: ComparePage,
  documentAssets: areaAssets,
};
