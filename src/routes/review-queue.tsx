import { z } from 'zod';
import { formatDateTimePtBr } from '../content/format-date-time.js';
import { formatDayPtBr } from '../content/format-day.js';
import type { Page } from '../db/repository.js';
import { QUEUE_ORDERS, QUEUE_SITUATIONS, type QueueOrder, type QueueSituation, type ReviewQueueItem } from '../db/review-queue-store.js';
import { privateMeta } from '../seo/private-meta.js';
import { readableScope } from '../workflow/permissions.js';
import { DUE_SOON_DAYS, queueDays } from '../workflow/review-schedule.js';
import { readerOf } from './article-heading.js';
import { AreaBar } from './layout/area-bar.js';
import { areaAssets } from './layout/page-assets.js';
import type { EditorSession, PrivateRoute } from './page-route.js';
import { editArticlePath, PATHS } from './paths.js';

/** Enough for a day's work; the count says how many more there are. */
const QUEUE_PAGE_SIZE = 50;

const first = (value: unknown): unknown => (Array.isArray(value) ? (value as unknown[])[0] : value);
const order = z.preprocess(first, z.enum(QUEUE_ORDERS).catch('data').default('data'));
const direction = z.preprocess(first, z.enum(['asc', 'desc']).catch('asc').default('asc'));
/** Each list sorts on its own: ?vencida=titulo&vencida-sentido=desc. */
const sortsSchema = z.object({
  vencida: order,
  'vencida-sentido': direction,
  'a-vencer': order,
  'a-vencer-sentido': direction,
  pendente: order,
  'pendente-sentido': direction,
});
type Sorts = z.infer<typeof sortsSchema>;

export interface ReviewQueueData {
  session: EditorSession;
  sorts: Sorts;
  lists: Record<QueueSituation, Page<ReviewQueueItem>>;
}

const TITLES: Record<QueueSituation, string> = {
  vencida: 'Vencidas',
  'a-vencer': `A vencer em ${DUE_SOON_DAYS} dias`,
  pendente: 'Pendentes de aprovação',
};

const EXPLANATIONS: Record<QueueSituation, string> = {
  vencida: 'Artigos publicados ou agendados cuja revisão médica passou da data: o site avisa os leitores que o conteúdo está em reavaliação.',
  'a-vencer': 'Artigos publicados ou agendados cuja revisão médica vence nos próximos 30 dias.',
  pendente: 'Artigos clínicos cujo texto atual nenhum médico aprovou: rascunhos nunca aprovados e artigos publicados com uma mudança à espera.',
};

const ORDER_LABELS: Record<QueueSituation, Record<QueueOrder, string>> = {
  vencida: { data: 'data de vencimento', titulo: 'título' },
  'a-vencer': { data: 'data de vencimento', titulo: 'título' },
  pendente: { data: 'última alteração', titulo: 'título' },
};

const STATUS_LABELS = { rascunho: 'Rascunho', agendado: 'Agendado', publicado: 'Publicado', despublicado: 'Despublicado' } as const;

/** The queue's address with one list's order changed and the others kept. */
function sortPath(sorts: Sorts, situacao: QueueSituation, ordem: QueueOrder, desc: boolean): string {
  const next: Sorts = { ...sorts, [situacao]: ordem, [`${situacao}-sentido`]: desc ? 'desc' : 'asc' };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(next)) if (value !== 'data' && value !== 'asc') params.set(key, value);
  const query = params.toString();
  return `${query ? `${PATHS.reviewQueue}?${query}` : PATHS.reviewQueue}#${situacao}`;
}

function SortLinks({ situacao, sorts }: { situacao: QueueSituation; sorts: Sorts }) {
  const current = sorts[situacao];
  const desc = sorts[`${situacao}-sentido`] === 'desc';
  return (
    <p className="area-sort">
      Ordenar por:{' '}
      {QUEUE_ORDERS.map((ordem, index) => (
        <span key={ordem}>
          {index > 0 && ' · '}
          {ordem === current ? (
            <a href={sortPath(sorts, situacao, ordem, !desc)} aria-current="true">
              {`${ORDER_LABELS[situacao][ordem]} (${desc ? 'decrescente' : 'crescente'})`}
            </a>
          ) : (
            <a href={sortPath(sorts, situacao, ordem, false)}>{ORDER_LABELS[situacao][ordem]}</a>
          )}
        </span>
      ))}
    </p>
  );
}

function Item({ item, situacao }: { item: ReviewQueueItem; situacao: QueueSituation }) {
  return (
    <li className="area-item">
      <p className="area-item-title">
        <a href={editArticlePath(item.id)}>{item.titulo}</a>
      </p>
      <dl className="area-item-facts">
        <div>
          <dt>Estado</dt>
          <dd>{STATUS_LABELS[item.status]}</dd>
        </div>
        {item.proxima_revisao && (
          <div>
            <dt>{situacao === 'vencida' ? 'Venceu em' : 'Revisão vale até'}</dt>
            <dd>
              <time dateTime={item.proxima_revisao}>{formatDayPtBr(item.proxima_revisao)}</time>
            </dd>
          </div>
        )}
        {situacao === 'pendente' && (
          <div>
            <dt>Última alteração</dt>
            <dd>
              <time dateTime={item.data_atualizacao}>{formatDateTimePtBr(item.data_atualizacao)}</time>
            </dd>
          </div>
        )}
      </dl>
    </li>
  );
}

function QueueList({ situacao, list, sorts }: { situacao: QueueSituation; list: Page<ReviewQueueItem>; sorts: Sorts }) {
  const titleId = `${situacao}-titulo`;
  return (
    <section id={situacao} className="area-queue" aria-labelledby={titleId}>
      <h2 id={titleId}>{`${TITLES[situacao]} (${list.total.toLocaleString('pt-BR')})`}</h2>
      <p>{EXPLANATIONS[situacao]}</p>
      {list.items.length === 0 ? (
        <p>Nenhum artigo.</p>
      ) : (
        <>
          <SortLinks situacao={situacao} sorts={sorts} />
          <ol className="area-list">
            {list.items.map((item) => (
              <Item key={item.id} item={item} situacao={situacao} />
            ))}
          </ol>
          {list.total > list.items.length && <p>{`Mostrando ${list.items.length} de ${list.total.toLocaleString('pt-BR')}.`}</p>}
        </>
      )}
    </section>
  );
}

function ReviewQueuePage({ data: { session, sorts, lists } }: { data: ReviewQueueData }) {
  return (
    <>
      <AreaBar session={session} current="revisoes" />
      <section className="section area-page" aria-labelledby="revisoes-titulo">
        <div className="container area-narrow">
          <h1 id="revisoes-titulo">Revisões médicas</h1>
          <p className="lead">O que precisa de um médico: revisões vencidas, as que vencem logo e os textos clínicos à espera da primeira aprovação.</p>
          {QUEUE_SITUATIONS.map((situacao) => (
            <QueueList key={situacao} situacao={situacao} list={lists[situacao]} sorts={sorts} />
          ))}
        </div>
      </section>
    </>
  );
}

/** /editor/revisoes: the three lists of the review queue, each sortable, of what the person may read. */
export const reviewQueuePage: PrivateRoute<ReviewQueueData> = {
  id: 'review-queue',
  path: PATHS.reviewQueue,
  kind: 'private',
  session: 'required',
  async load({ deps, session, search }) {
    const sorts = sortsSchema.parse(Object.fromEntries([...new Set(search.keys())].map((key) => [key, search.getAll(key)])));
    const days = queueDays(new Date());
    const scope = readableScope(readerOf(session!));
    const read = (situacao: QueueSituation) =>
      deps.repo.reviewQueue.queue({ ...days, ...scope, situacao, ordem: sorts[situacao], desc: sorts[`${situacao}-sentido`] === 'desc', limit: QUEUE_PAGE_SIZE });
    const [vencida, aVencer, pendente] = await Promise.all([read('vencida'), read('a-vencer'), read('pendente')]);
    return { status: 200, data: { session: session!, sorts, lists: { vencida, 'a-vencer': aVencer, pendente } } };
  },
  meta: () => privateMeta(PATHS.reviewQueue, 'Revisões médicas', 'Revisões médicas vencidas, a vencer e pendentes.'),
  Component: ReviewQueuePage,
  documentAssets: areaAssets,
};
