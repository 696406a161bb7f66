import { SITE_TIME_ZONE } from '../routes.js';

const longDate = new Intl.DateTimeFormat('pt-BR', {
  timeZone: SITE_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** "21 de novembro de 2026": the readers' calendar day, not the UTC one. */
export function formatDatePtBr(iso: string): string {
  return longDate.format(new Date(iso));
}
