import { z } from 'zod';
import { CALENDAR_MESSAGES, isCalendarDay } from '../workflow/calendar.js';

/** Shapes of the editorial calendar (issue 33). */

export const planRequestSchema = z.object({
  previsto_para: z.string({ error: CALENDAR_MESSAGES.dayInvalid }).refine(isCalendarDay, { error: CALENDAR_MESSAGES.dayInvalid }).nullable().optional(),
  responsavel: z.int({ error: CALENDAR_MESSAGES.assigneeUnknown }).positive({ error: CALENDAR_MESSAGES.assigneeUnknown }).nullable().optional(),
});

export const planSchema = z
  .object({
    previsto_para: z.string().nullable().meta({ description: 'Dia AAAA-MM-DD (horário de São Paulo) previsto para o rascunho.' }),
    responsavel: z.int().nullable().meta({ description: 'Id da pessoa responsável: quem criou o artigo, se ninguém foi escolhido.' }),
  })
  .meta({ title: 'Previsão do artigo' });

export const calendarFeedSchema = z.object({ url: z.string() }).meta({ title: 'Calendário da pessoa (iCalendar)' });
