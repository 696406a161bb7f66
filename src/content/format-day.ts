import { formatDatePtBr } from './format-date.js';

/** "27 de novembro de 2027" for a calendar day (AAAA-MM-DD): noon UTC falls on that same day in São Paulo. */
export const formatDayPtBr = (day: string): string => formatDatePtBr(`${day}T12:00:00.000Z`);

/** "27/11/2027" for a calendar day (AAAA-MM-DD). */
export const formatDayNumeric = (day: string): string => day.split('-').reverse().join('/');
