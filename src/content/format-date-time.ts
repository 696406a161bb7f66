import { SITE_TIME_ZONE } from '../lib/site-time.js';

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: SITE_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "22/11/2026, 18:30" on the editors' clock (São Paulo), whatever the server's time zone. */
export function formatDateTimePtBr(iso: string): string {
  return dateTime.format(new Date(iso));
}
