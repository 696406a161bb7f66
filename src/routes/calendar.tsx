import { z } from 'zod';
import type { CalendarEntry } from '../db/calendar-store.js';
import type { Person } from '../db/people-store.js';
import type { Topic } from '../db/topic-store.js';
import { ApiError } from '../lib/api-error.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { privateMeta } from '../seo/private-meta.js';
import { CALENDAR_KIND_LABELS } from '../workflow/calendar-feed.js';
import { planArticle } from '../workflow/calendar-plans.js';
import { CALENDAR_MESSAGES, currentMonth, isCalendarDay, isMonth, monthQuery, nextMonth } from '../workflow/calendar.js';
import { saoPauloDay } from '../workflow/review-schedule.js';
import { isSameOrigin } from '../workflow/same-origin.js';
import { formText } from './form-fields.js';
import { AreaBar } from './layout/area-bar.js';
import { calendarAssets } from './layout/page-assets.js';
import type { EditorSession, PrivateLoadContext, PrivateRoute } from './page-route.js';
import { editArticlePath, PATHS } from './paths.js';
import { SIGN_IN_MESSAGES } from './sign-in.js';

interface CalendarData {
  session: EditorSession;
  mes: string;
  pessoa: number | null;
  tema: string;
  people: Pick<Person, 'id' | 'nome'>[];
  topics: Pick<Topic, 'slug' | 'nome'>[];
  entries: CalendarEntry[];
  error?: string;
  /** Where the page's script sends a dragged draft's new day and a schedule's change. */
  apiBasePath: string;
}

const MONTH_NAME = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const WEEKDAYS = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'];
const TIME = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' });

/** The São Paulo day an entry falls on. */
const dayOf = (entry: CalendarEntry) => (entry.tipo === 'previsto' || entry.tipo === 'revisao' ? entry.quando : saoPauloDay(new Date(entry.quando)));

function query(data: Pick<CalendarData, 'pessoa' | 'tema'>, mes: string): string {
  const params = new URLSearchParams({ mes });
  if (data.pessoa !== null) params.set('pessoa', String(data.pessoa));
  if (data.tema) params.set('tema', data.tema);
  return `${PATHS.calendar}?${params.toString()}`;
}

/**
 * One entry: its kind and title, linking to the article's editor page; with the page's script a
 * scheduled item opens the schedule dialog there instead (nothing publishes from here). A planned draft
 * carries a date field that moves it, the keyboard's way to do what dragging does. The data-* attributes
 * are what the script reads (src/client/calendar-entry.ts).
 */
function Entry({ entry, data }: { entry: CalendarEntry; data: CalendarData }) {
  return (
    <li className={`calendar-entry calendar-${entry.tipo}`} data-id={entry.id} data-tipo={entry.tipo} {...(entry.tipo === 'agendado' ? { 'data-quando': entry.quando } : {})}>
      <span className="calendar-kind">{CALENDAR_KIND_LABELS[entry.tipo]}</span>
      {entry.tipo === 'agendado' || entry.tipo === 'publicado' ? <span className="calendar-time"> {TIME.format(new Date(entry.quando))}</span> : null}{' '}
      <a href={editArticlePath(entry.id)}>{entry.titulo}</a>
      {entry.tipo === 'previsto' ? (
        <form method="post" action={query(data, data.mes)} className="calendar-move">
          <input type="hidden" name="id" value={entry.id} />
          <label>
            Mover para
            <input type="date" name="previsto_para" defaultValue={entry.quando} required />
          </label>
          <button type="submit" className="button button-secondary button-small">
            Mover
          </button>
        </form>
      ) : null}
    </li>
  );
}

function weeksOf(mes: string): (string | null)[][] {
  const first = new Date(`${mes}-01T00:00:00Z`);
  const days = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const cells: (string | null)[] = [...Array<null>(first.getUTCDay()).fill(null)];
  for (let day = 1; day <= days; day++) cells.push(`${mes}-${String(day).padStart(2, '0')}`);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

function CalendarPage({ data }: { data: CalendarData }) {
  const byDay = new Map<string, CalendarEntry[]>();
  for (const entry of data.entries) byDay.set(dayOf(entry), [...(byDay.get(dayOf(entry)) ?? []), entry]);
  const title = MONTH_NAME.format(new Date(`${data.mes}-01T00:00:00Z`));
  return (
    <>
      <AreaBar session={data.session} current="calendario" />
      <section className="section editor-page calendar-page" aria-labelledby="calendario-titulo" data-api={data.apiBasePath}>
        <div className="container">
          <h1 id="calendario-titulo">Calendário editorial: {title}</h1>
          <nav className="calendar-months" aria-label="Meses">
            <a href={query(data, nextMonth(data.mes, -1))}>← Mês anterior</a> <a href={query(data, nextMonth(data.mes))}>Próximo mês →</a>
          </nav>
          <form method="get" action={PATHS.calendar} className="calendar-filters">
            <input type="hidden" name="mes" value={data.mes} />
            <label>
              Pessoa
              <select name="pessoa" defaultValue={data.pessoa === null ? '' : String(data.pessoa)}>
                <option value="">Todas</option>
                {data.people.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.nome}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Tema
              <select name="tema" defaultValue={data.tema}>
                <option value="">Todos</option>
                {data.topics.map((topic) => (
                  <option key={topic.slug} value={topic.slug}>
                    {topic.nome}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="button button-small">
              Filtrar
            </button>
          </form>
          {data.error ? (
            <p className="form-error" role="alert">
              {data.error}
            </p>
          ) : null}
          <p className="calendar-hint" hidden>
            Arraste um previsto para outro dia, ou use o campo “Mover para”. Um agendado abre o agendamento; nada é publicado daqui.
          </p>
          <p className="calendar-status" role="status" />
          <table className="calendar-grid">
            <caption>Previstos, agendados, revisões que vencem e publicados de {title}</caption>
            <thead>
              <tr>
                {WEEKDAYS.map((weekday) => (
                  <th key={weekday} scope="col">
                    {weekday}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeksOf(data.mes).map((week) => (
                <tr key={week.find(Boolean)}>
                  {week.map((day, index) =>
                    day ? (
                      <td key={day} data-dia={day}>
                        <span className="calendar-day">{Number(day.slice(8))}</span>
                        {byDay.has(day) ? (
                          <ul>
                            {byDay.get(day)!.map((entry) => (
                              <Entry key={`${entry.tipo}-${entry.id}`} entry={entry} data={data} />
                            ))}
                          </ul>
                        ) : null}
                      </td>
                    ) : (
                      <td key={`vazio-${index}`} />
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          <div className="calendar-list">
            <h2>Lista do mês</h2>
            {byDay.size === 0 ? <p>Nada neste mês.</p> : null}
            {[...byDay.entries()].map(([day, entries]) => (
              <section key={day} aria-label={`Dia ${day.split('-').reverse().join('/')}`}>
                <h3>{day.split('-').reverse().join('/')}</h3>
                <ul>
                  {entries.map((entry) => (
                    <Entry key={`${entry.tipo}-${entry.id}`} entry={entry} data={data} />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}

async function render(ctx: PrivateLoadContext, error?: string): Promise<{ status: 200 | 400 | 404; data: CalendarData }> {
  const mes = ctx.search.get('mes') ?? currentMonth(new Date());
  const pessoa = z.coerce.number().int().positive().safeParse(ctx.search.get('pessoa') ?? undefined);
  const tema = ctx.search.get('tema') ?? '';
  const [people, topics] = await Promise.all([ctx.deps.repo.people.list(), ctx.deps.repo.topics.list(false)]);
  const base = { session: ctx.session!, mes: isMonth(mes) ? mes : currentMonth(new Date()), pessoa: pessoa.success ? pessoa.data : null, tema, people: people.filter((person) => person.ativo), topics, apiBasePath: ctx.deps.config.apiBasePath };
  if (!isMonth(mes)) return { status: 400, data: { ...base, entries: [], error: CALENDAR_MESSAGES.monthInvalid } };
  const topic = tema ? topics.find((item) => item.slug === tema) : undefined;
  const entries = tema && !topic ? [] : await ctx.deps.repo.calendar.entries({ ...monthQuery(mes), ...(base.pessoa !== null ? { id_responsavel: base.pessoa } : {}), ...(topic ? { id_tema: topic.id } : {}) });
  return { status: error ? 400 : 200, data: { ...base, entries, ...(error ? { error } : {}) } };
}

/** /editor/calendario?mes=AAAA-MM: the month's planned drafts, scheduled publications, reviews due and publications. */
export const calendarPage: PrivateRoute<CalendarData> = {
  id: 'calendar',
  path: PATHS.calendar,
  kind: 'private',
  session: 'required',
  load: (ctx) => render(ctx),
  async action(ctx) {
    if (!isSameOrigin(ctx.req, ctx.deps.config.site.siteUrl)) return { status: 403, text: SIGN_IN_MESSAGES.foreignOrigin };
    const id = z.coerce.number().int().positive().safeParse(formText(ctx.req.body, 'id'));
    const day = formText(ctx.req.body, 'previsto_para');
    if (!id.success) return { status: 404 };
    if (!isCalendarDay(day)) return render(ctx, CALENDAR_MESSAGES.dayInvalid);
    const session = ctx.session!;
    try {
      await planArticle({ repo: ctx.deps.repo, req: ctx.req }, { author: session.autor, via: 'sessao', role: session.papel, personId: session.id_pessoa }, id.data, { previsto_para: day });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 403) return { status: 403, text: PEOPLE_MESSAGES.forbidden };
      return { status: 404 };
    }
    return { status: 303, location: ctx.req.originalUrl };
  },
  meta: (_site, data) => privateMeta(PATHS.calendar, `Calendário editorial: ${MONTH_NAME.format(new Date(`${data.mes}-01T00:00:00Z`))}`, 'O previsto, o agendado, as revisões que vencem e o publicado de um mês.'),
  Component: CalendarPage,
  documentAssets: calendarAssets,
};
