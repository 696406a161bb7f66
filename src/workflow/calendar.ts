import { createHmac, randomBytes } from 'node:crypto';
import type { CalendarQuery } from '../db/calendar-store.js';
import type { Repository } from '../db/storage.js';
import { tokenHash } from './share-links.js';
import { addDays, saoPauloDay, startOfDay } from './review-schedule.js';

/**
 * The editorial calendar (issue 33): months of São Paulo days, and each person's iCalendar feed. A
 * feed's token is signed from a random seed with a secret every instance shares, so the same URL is
 * given again until the person revokes it; storage keeps the seed and the token's hash, never the token.
 */

export const CALENDAR_MESSAGES = {
  monthInvalid: 'O mês deve ser AAAA-MM.',
  dayInvalid: 'A data prevista (previsto_para) deve ser uma data AAAA-MM-DD válida, ou null.',
  assigneeUnknown: 'O responsável deve ser o id de uma pessoa ativa, ou null.',
  feedNotFound: 'Calendário não encontrado.',
} as const;

/** Whether `day` is a real AAAA-MM-DD day. */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

export const isMonth = (month: string): boolean => /^\d{4}-\d{2}$/.test(month) && isCalendarDay(`${month}-01`);

/** The month after `month` (AAAA-MM). */
export function nextMonth(month: string, by = 1): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, number - 1 + by, 1));
  return date.toISOString().slice(0, 7);
}

export const currentMonth = (now: Date): string => saoPauloDay(now).slice(0, 7);

/** The days from `desde` to `ate` (exclusive), with the instants São Paulo's days begin. */
export function daysQuery(desde: string, ate: string): Pick<CalendarQuery, 'desde' | 'ate' | 'desdeInstante' | 'ateInstante'> {
  return { desde, ate, desdeInstante: new Date(startOfDay(desde)).toISOString(), ateInstante: new Date(startOfDay(ate)).toISOString() };
}

export const monthQuery = (month: string) => daysQuery(`${month}-01`, `${nextMonth(month)}-01`);

/** What a feed carries: from a month ago to a year ahead. */
export function feedQuery(now: Date) {
  const today = saoPauloDay(now);
  return daysQuery(addDays(today, -31), addDays(today, 366));
}

const FEED_SECRET = 'calendario-feeds';

async function feedToken(repo: Repository, id_pessoa: number, semente: string): Promise<string> {
  const secret = await repo.secrets.getOrCreate(FEED_SECRET, () => randomBytes(32).toString('base64url'));
  return createHmac('sha256', secret).update(`calendario:${id_pessoa}:${semente}`).digest('base64url');
}

/** The person's feed token: the one in force, or a new one. */
export async function personFeedToken(repo: Repository, id_pessoa: number, now: Date): Promise<string> {
  const known = await repo.calendar.feedSeed(id_pessoa);
  if (known) return feedToken(repo, id_pessoa, known);
  const semente = randomBytes(16).toString('base64url');
  const token = await feedToken(repo, id_pessoa, semente);
  const inForce = await repo.calendar.createFeed(id_pessoa, { semente, token_hash: tokenHash(token) }, now.toISOString());
  return inForce === semente ? token : feedToken(repo, id_pessoa, inForce);
}

/** The person a feed token opens; null when none (unknown or revoked). */
export async function feedOwner(repo: Repository, token: string): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return repo.calendar.feedOwner(tokenHash(token));
}
