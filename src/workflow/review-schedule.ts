import { SITE_TIME_ZONE } from '../lib/site-time.js';

/**
 * The calendar of medical reviews (issue 33): an approval holds until a São Paulo day (AAAA-MM-DD),
 * through the whole of it; from the next day on the review is overdue. Days are compared as strings.
 */

export const REVIEW_MONTHS = { min: 3, max: 36 } as const;
/** What the queue calls "a vencer", and the reminder's shorter horizon. */
export const DUE_SOON_DAYS = 30;
export const REMINDER_DAYS = 14;

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: SITE_TIME_ZONE, timeZoneName: 'longOffset' });
const hourFormat = new Intl.DateTimeFormat('en-US', { timeZone: SITE_TIME_ZONE, hour: 'numeric', hourCycle: 'h23' });

/** The São Paulo calendar day of an instant. */
export const saoPauloDay = (instant: Date): string => dayFormat.format(instant);

/** The São Paulo hour (0-23) of an instant. */
export const saoPauloHour = (instant: Date): number => Number(hourFormat.format(instant));

const parts = (day: string) => day.split('-').map(Number) as [number, number, number];
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  const [year, month, date] = parts(day);
  return isoDay(new Date(Date.UTC(year, month - 1, date + days)));
}

/** The same day `months` later, or the month's last day when it is shorter (31 January + 1 month: 28 or 29 February). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = parts(day);
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return isoDay(new Date(Date.UTC(year, month - 1 + months, Math.min(date, lastDay))));
}

/** The day an approval at `approvedAt` holds until. */
export const nextReviewDay = (approvedAt: Date, months: number): string => addMonths(saoPauloDay(approvedAt), months);

/** Whether a review that holds until `due` is overdue on `today`. */
export const isOverdue = (due: string, today: string): boolean => due < today;

/** The instant São Paulo's `day` begins, whatever offset the zone has on it. */
export function startOfDay(day: string): number {
  const noon = new Date(`${day}T12:00:00Z`);
  const offset = /GMT([+-]\d{2}):?(\d{2})?/.exec(offsetFormat.format(noon));
  const spelled = offset ? `${offset[1]}:${offset[2] ?? '00'}` : 'Z';
  return Date.parse(`${day}T00:00:00${spelled}`);
}

/** The instant a review that holds until `due` becomes overdue: the start of the next São Paulo day. */
export const overdueFrom = (due: string): number => startOfDay(addDays(due, 1));

/** The days that bound the queue's lists at `now`: overdue before today, due until DUE_SOON_DAYS from it. */
export function queueDays(now: Date): { hoje: string; ate: string } {
  const hoje = saoPauloDay(now);
  return { hoje, ate: addDays(hoje, DUE_SOON_DAYS) };
}
