import { SITE_TIME_ZONE } from './site-time.js';

/** A weekly time on the readers' clock (America/Sao_Paulo): weekday 0 is Sunday. */
export interface WeeklySchedule {
  weekday: number;
  hour: number;
  minute: number;
}

const WEEKDAYS: Record<string, number> = {
  domingo: 0,
  segunda: 1,
  'segunda-feira': 1,
  terca: 2,
  'terca-feira': 2,
  quarta: 3,
  'quarta-feira': 3,
  quinta: 4,
  'quinta-feira': 4,
  sexta: 5,
  'sexta-feira': 5,
  sabado: 6,
};

const withoutAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

/** "terça 10:00" (or "terca-feira 09:30"); undefined when it is not one. */
export function parseWeeklySchedule(text: string): WeeklySchedule | undefined {
  const match = /^\s*(\S+)\s+(\d{1,2}):(\d{2})\s*$/.exec(withoutAccents(text.toLowerCase()));
  if (!match) return undefined;
  const weekday = WEEKDAYS[match[1]!];
  const hour = Number(match[2]);
  const minute = Number(match[3]);
  if (weekday === undefined || hour > 23 || minute > 59) return undefined;
  return { weekday, hour, minute };
}

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** How far the site's clock is from UTC at `instant`, in ms (negative west of Greenwich). */
function offsetAt(instant: number): number {
  const read = Object.fromEntries(parts.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]));
  const asUtc = Date.UTC(read.year!, read.month! - 1, read.day, read.hour, read.minute, read.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The latest instant at or before `now` that the schedule names. */
export function latestSlot(schedule: WeeklySchedule, now: number): number {
  const local = new Date(now + offsetAt(now));
  const daysBack = (local.getUTCDay() - schedule.weekday + 7) % 7;
  const wall = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - daysBack, schedule.hour, schedule.minute);
  let slot = wall - offsetAt(wall);
  if (slot > now) {
    const earlier = wall - 7 * 86_400_000;
    slot = earlier - offsetAt(earlier);
  }
  return slot;
}

/** The schedule as people write it, for the editors' page. */
export function describeSchedule(schedule: WeeklySchedule): string {
  const names = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'];
  return `${names[schedule.weekday]!} às ${String(schedule.hour).padStart(2, '0')}:${String(schedule.minute).padStart(2, '0')} (horário de Brasília)`;
}
