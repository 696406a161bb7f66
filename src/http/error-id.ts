import { randomBytes } from 'node:crypto';

/** Short id shown to the user and written to the log beside the stack, to find one in the other. */
export function newErrorId(): string {
  return randomBytes(6).toString('hex');
}
