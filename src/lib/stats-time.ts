import { rememberedFormat } from './remembered-format.js';
import { SITE_TIME_ZONE } from './site-time.js';

const siteDay = rememberedFormat(new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }));

/** The UTC hour of an instant, "2026-11-27T14": the statistics' finest grain. */
export const hourOf = (ms: number): string => new Date(ms).toISOString().slice(0, 13);

/** The São Paulo day an hour belongs to, "2026-11-27" (formatted once per hour). */
export const dayOfHour = (hour: string): string => siteDay(`${hour}:00:00.000Z`);

/** The São Paulo day of an instant. */
export const siteDayOf = (ms: number): string => dayOfHour(hourOf(ms));

/** The day `days` days after `day` (negative: before), on the calendar, "AAAA-MM-DD". */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first and last instants (UTC) of a period of São Paulo days, both inclusive. */
export function instantsOf(from: string, to: string): { fromInstant: string; toInstant: string } {
  const start = (day: string) => {
    // São Paulo has kept UTC-3 all year since 2019; the offset is asked of Intl rather than assumed.
    const noon = Date.parse(`${day}T12:00:00.000Z`);
    const local = Date.parse(`${siteDayOf(noon)}T${new Intl.DateTimeFormat('en-GB', { timeZone: SITE_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(noon)}:00.000Z`);
    return Date.parse(`${day}T00:00:00.000Z`) + (noon - local);
  };
  return { fromInstant: new Date(start(from)).toISOString(), toInstant: new Date(start(addDays(to, 1)) - 1).toISOString() };
}
