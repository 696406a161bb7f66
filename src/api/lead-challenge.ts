import { z } from 'zod';
import type { PublicContext } from './api-context.js';

/** An ALTCHA challenge (altcha-lib's v1 format), as the demonstration form's script solves it. */
export const leadChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.int().optional(),
  salt: z.string(),
  signature: z.string(),
});

export async function leadChallenge(_input: unknown, { forms }: PublicContext) {
  return forms.leads.challenge();
}
