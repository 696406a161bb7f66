import { createHash } from 'node:crypto';

/** Strong validator: equal bytes give equal ETags on every instance, whatever the database. */
export function imageEtag(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
