import type { DeviceClass, SearchCount, StatsBatch, ViewCount, VisitorHash } from '../db/stats-store.js';
import { dayOfHour, hourOf } from '../lib/stats-time.js';

/** What visitors send is cut to this many characters. */
export const MAX_VALUE_LENGTH = 100;
/** Distinct referrers, campaigns or search terms kept per hour; the rest are counted as OTHERS. */
export const MAX_DISTINCT_PER_HOUR = 1_000;
export const OTHERS = '(outros)';
/**
 * Rows held while the database cannot take them (an outage): past this, new combinations are dropped
 * (counted in `dropped`), known ones still add up. About 300 bytes a row: some 60 MB at most.
 */
export const MAX_PENDING_ROWS = 200_000;
/** Visitors remembered per day to send each (page, visitor) once; past it, the database deduplicates. */
const MAX_SEEN_VISITORS = 200_000;

/** One page view as the counting hook reads it. */
export interface PageView {
  at: number;
  path: string;
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  device: DeviceClass;
  bot: boolean;
  /** The visitor's hash for the day (undefined for a bot: bots are not visitors). */
  visitor: string | undefined;
}

/** One row per hour, page, referrer, campaign, device and bot-or-not. */
const viewKey = (view: Omit<ViewCount, 'dia' | 'visualizacoes'>) =>
  `${view.hora}\0${view.caminho}\0${view.origem}\0${view.utm_source}\0${view.utm_medium}\0${view.utm_campaign}\0${view.dispositivo}\0${view.robo ? 1 : 0}`;

const cut = (value: string) => (value.length > MAX_VALUE_LENGTH ? value.slice(0, MAX_VALUE_LENGTH) : value);

/** The first MAX_DISTINCT_PER_HOUR values of an hour keep their name; later ones become OTHERS. */
class Bounded {
  private hour = '';
  private readonly seen = new Set<string>();

  keep(hour: string, value: string): string {
    if (value === '') return value;
    if (hour !== this.hour) {
      this.hour = hour;
      this.seen.clear();
    }
    if (this.seen.has(value)) return value;
    if (this.seen.size >= MAX_DISTINCT_PER_HOUR) return OTHERS;
    this.seen.add(value);
    return value;
  }
}

/**
 * The counts of one instance between two flushes, in memory: a view costs a Map lookup and an
 * addition. `take()` hands them to the flush; `giveBack()` keeps them when the database refused them.
 */
export class StatsTally {
  private views = new Map<string, ViewCount>();
  private searches = new Map<string, SearchCount>();
  private visitors: VisitorHash[] = [];
  private seenDay = '';
  private readonly seen = new Set<string>();
  private readonly referrers = new Bounded();
  private readonly campaigns = new Bounded();
  private readonly terms = new Bounded();
  /** The last total each search term announced (the results page's loader says it). */
  private readonly totals = new Map<string, number>();
  private lastHour = '';
  private lastHourMs = -1;
  private lastDay = '';
  /** Counts lost to the bound on pending rows, since start. */
  dropped = 0;

  private hourAndDay(at: number): [string, string] {
    const hourMs = at - (at % 3_600_000);
    if (hourMs !== this.lastHourMs) {
      this.lastHourMs = hourMs;
      this.lastHour = hourOf(hourMs);
      this.lastDay = dayOfHour(this.lastHour);
    }
    return [this.lastHour, this.lastDay];
  }

  /** The São Paulo day of an instant, worked out once an hour (every counted view asks it). */
  dayOf(at: number): string {
    return this.hourAndDay(at)[1];
  }

  view(view: PageView): void {
    const [hora, dia] = this.hourAndDay(view.at);
    const origem = this.referrers.keep(hora, cut(view.referrerHost));
    const campaign = view.utmSource === '' && view.utmMedium === '' && view.utmCampaign === '';
    const kept = campaign ? '' : this.campaigns.keep(hora, `${cut(view.utmSource)}\0${cut(view.utmMedium)}\0${cut(view.utmCampaign)}`);
    const [utmSource = '', utmMedium = '', utmCampaign = ''] = kept === OTHERS ? [OTHERS, OTHERS, OTHERS] : kept.split('\0');
    const key = viewKey({ hora, caminho: view.path, origem, utm_source: utmSource, utm_medium: utmMedium, utm_campaign: utmCampaign, dispositivo: view.device, robo: view.bot });
    const found = this.views.get(key);
    if (found) found.visualizacoes += 1;
    else if (this.views.size >= MAX_PENDING_ROWS) this.dropped += 1;
    else {
      this.views.set(key, {
        hora,
        dia,
        caminho: view.path,
        origem,
        utm_source: utmSource,
        utm_medium: utmMedium,
        utm_campaign: utmCampaign,
        dispositivo: view.device,
        robo: view.bot,
        visualizacoes: 1,
      });
    }
    if (view.visitor !== undefined) {
      this.visitor(dia, '', view.visitor);
      this.visitor(dia, view.path, view.visitor);
    }
  }

  private visitor(dia: string, caminho: string, hash: string): void {
    if (dia !== this.seenDay || this.seen.size >= MAX_SEEN_VISITORS) {
      this.seenDay = dia;
      this.seen.clear();
    }
    const key = `${caminho}\0${hash}`;
    if (this.seen.has(key)) return;
    if (this.visitors.length >= MAX_PENDING_ROWS) {
      this.dropped += 1;
      return;
    }
    this.seen.add(key);
    this.visitors.push({ dia, caminho, hash });
  }

  /** The results page announced `total` results for `term` (normalised). */
  announced(term: string, total: number): void {
    if (this.totals.size >= MAX_DISTINCT_PER_HOUR) this.totals.clear();
    this.totals.set(term, total);
  }

  /** A reader saw page 1 of the results for `term` (normalised, not personal). */
  searched(at: number, term: string): void {
    const total = this.totals.get(term);
    if (total === undefined) return;
    const [hora, dia] = this.hourAndDay(at);
    const termo = this.terms.keep(hora, cut(term));
    const key = `${dia}\0${termo}`;
    const found = this.searches.get(key);
    if (found) {
      found.vezes += 1;
      found.resultados = total;
    } else if (this.searches.size < MAX_PENDING_ROWS) this.searches.set(key, { dia, termo, resultados: total, vezes: 1 });
    else this.dropped += 1;
  }

  /** Everything counted since the last take, emptied here. */
  take(): StatsBatch {
    const batch = { views: [...this.views.values()], searches: [...this.searches.values()], visitors: this.visitors };
    this.views = new Map();
    this.searches = new Map();
    this.visitors = [];
    return batch;
  }

  /** A batch the database did not take, added back to what was counted since (within the bounds). */
  giveBack(batch: StatsBatch): void {
    for (const view of batch.views) {
      const key = viewKey(view);
      const found = this.views.get(key);
      if (found) found.visualizacoes += view.visualizacoes;
      else if (this.views.size < MAX_PENDING_ROWS) this.views.set(key, view);
      else this.dropped += view.visualizacoes;
    }
    for (const search of batch.searches) {
      const key = `${search.dia}\0${search.termo}`;
      const found = this.searches.get(key);
      if (found) found.vezes += search.vezes;
      else if (this.searches.size < MAX_PENDING_ROWS) this.searches.set(key, search);
    }
    const room = Math.max(0, MAX_PENDING_ROWS - this.visitors.length);
    this.visitors.push(...batch.visitors.slice(0, room));
  }

  /** Rows waiting for the next flush. */
  get pending(): number {
    return this.views.size + this.searches.size + this.visitors.length;
  }
}
