import { z } from 'zod';
import { PEOPLE_MESSAGES } from './messages.js';

/** An e-mail address as typed into a form or a request: trimmed, at most 254 characters. */
export const emailAddressSchema = z
  .string({ error: PEOPLE_MESSAGES.emailInvalid })
  .trim()
  .max(254, { error: PEOPLE_MESSAGES.emailInvalid })
  .pipe(z.email({ error: PEOPLE_MESSAGES.emailInvalid }));
