import type { SiteConfig } from '../config.js';
import type { CalendarEntry, CalendarKind } from '../db/calendar-store.js';
import type { Repository } from '../db/storage.js';
import { absoluteUrl } from '../lib/absolute-url.js';
import { icalendar } from '../lib/icalendar.js';
import { feedQuery } from './calendar.js';

/** What each kind of date is called, in the calendar and in the feeds. */
export const CALENDAR_KIND_LABELS: Record<CalendarKind, string> = {
  previsto: 'Previsto',
  agendado: 'Publicação agendada',
  revisao: 'Revisão médica vence',
  publicado: 'Publicado',
};

/** The kinds a person's feed carries: what is still to be done (published articles are history). */
const FEED_KINDS: readonly CalendarKind[] = ['previsto', 'agendado', 'revisao'];

const event = (site: Pick<SiteConfig, 'siteUrl'>, host: string, entryPath: (id: number) => string, entry: CalendarEntry) => ({
  uid: `${entry.tipo}-${entry.id}-${entry.quando.slice(0, 10)}@${host}`,
  summary: `${CALENDAR_KIND_LABELS[entry.tipo]}: ${entry.titulo}`,
  url: absoluteUrl(site, entryPath(entry.id)),
  start: entry.tipo === 'previsto' || entry.tipo === 'revisao' ? { day: entry.quando } : { instant: entry.quando },
});

/**
 * The person's iCalendar feed: their planned, scheduled and due items, from a month ago to a year ahead,
 * each linking to `entryPath` (the article's page in the editor area, which the routes know).
 */
export async function personFeed(repo: Repository, site: Pick<SiteConfig, 'siteUrl' | 'productName'>, id_pessoa: number, now: Date, entryPath: (id: number) => string): Promise<string> {
  const entries = await repo.calendar.entries({ ...feedQuery(now), id_responsavel: id_pessoa });
  const host = new URL(site.siteUrl).hostname;
  return icalendar(`Calendário editorial — ${site.productName}`, entries.filter((entry) => FEED_KINDS.includes(entry.tipo)).map((entry) => event(site, host, entryPath, entry)), now);
}
