import type { WeeklySchedule } from '../weekly-schedule.js';
import { SITE_TIME_ZONE } from './site-time.js';

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
