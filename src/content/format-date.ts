import { rememberedFormat } from '../lib/remembered-format.js';
import { SITE_TIME_ZONE } from '../lib/site-time.js';

/** "21 de novembro de 2026": the readers' calendar day, not the UTC one. */
export const formatDatePtBr = rememberedFormat(
  new Intl.DateTimeFormat('pt-BR', { timeZone: SITE_TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' }),
);
