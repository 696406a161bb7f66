import type { ReviewQueueStore } from '../db/review-queue-store.js';
import { readableScope, type Reader } from './permissions.js';
import { queueDays } from './review-schedule.js';

/**
 * "Revisões (N)" in the area's bar: overdue, due and pending reviews of what `reader` may read, the
 * same three counts the queue shows. Read with the session on every area page; the counts read only
 * the queue's indexes (decision 026), so no cache stands between a decision and the number.
 */
export async function reviewCount(queue: Pick<ReviewQueueStore, 'counts'>, reader: Reader, now: Date): Promise<number> {
  const counts = await queue.counts(queueDays(now), readableScope(reader));
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}
