import { formatDateTimePtBr } from './format-date-time.js';
import { SITE_TIME_ZONE } from '../lib/site-time.js';

/**
 * Scheduling dates: the editor picks a wall-clock time in São Paulo (a datetime-local value,
 * "2026-11-25T14:30"), the server stores UTC. Offsets come from the time zone database, so a
 * return of daylight saving time would still be right.
 */
const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const LOCAL_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** "2026-11-25T14:30": São Paulo's wall clock at an instant. */
export function toSaoPauloInput(instant: Date): string {
  const part = (type: string) => wallClock.formatToParts(instant).find((item) => item.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/** The UTC ISO instant of a São Paulo wall-clock time, or null when the value is not one. */
export function saoPauloInputToUtc(value: string): string | null {
  const match = LOCAL_VALUE.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(asUtc)) return null;
  const offsetAt = (instant: number) => {
    const [dy, dmo, dd, dh, dmi] = toSaoPauloInput(new Date(instant)).split(/[-T:]/).map(Number) as [number, number, number, number, number];
    return Date.UTC(dy, dmo - 1, dd, dh, dmi) - instant;
  };
  // Two passes: the offset at the first guess may differ from the one at the answer across a change.
  let instant = asUtc - offsetAt(asUtc);
  instant = asUtc - offsetAt(instant);
  return toSaoPauloInput(new Date(instant)) === value ? new Date(instant).toISOString() : null;
}

/** "25/11/2026 14:30", São Paulo time. */
export function formatSaoPaulo(iso: string): string {
  return formatDateTimePtBr(iso).replace(',', '');
}
