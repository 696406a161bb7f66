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

/** "22/11/2026 às 18:30", for a sentence ("expira em …"), on the same clock. */
export function formatDateAtTimePtBr(iso: string): string {
  const parts = Object.fromEntries(dateTime.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts['day']}/${parts['month']}/${parts['year']} às ${parts['hour']}:${parts['minute']}`;
}
