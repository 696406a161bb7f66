import type { z } from 'zod';
import { ApiError } from '../lib/api-error.js';

/** Parses at the boundary; a failure becomes one 400 with every problem as its own message. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ApiError(400, [...new Set(result.error.issues.map((issue) => issue.message))]);
}
