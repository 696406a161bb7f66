import type { z } from 'zod';
import type { Repository } from '../db/storage.js';
import { ApiError } from '../lib/api-error.js';
import { CALENDAR_MESSAGES } from '../workflow/calendar.js';
import { planRequestSchema } from './calendar-schemas.js';
import { validate } from './validate.js';

export type PlanInput = z.output<typeof planRequestSchema>;

/**
 * The optional calendar fields of novo and PUT (previsto_para, responsavel), checked before the article
 * is stored so a bad day or an unknown person refuses the whole request instead of half of it.
 */
export async function readPlan(people: Repository['people'], body: Record<string, unknown>): Promise<PlanInput> {
  const plan = validate(planRequestSchema, body);
  if (plan.responsavel != null) {
    const person = await people.get(plan.responsavel);
    if (!person || !person.ativo) throw new ApiError(400, CALENDAR_MESSAGES.assigneeUnknown);
  }
  return plan;
}

export const hasPlan = (plan: PlanInput) => plan.previsto_para !== undefined || plan.responsavel !== undefined;
