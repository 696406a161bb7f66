import type { Repository } from '../db/storage.js';
import { addDays, siteDayOf } from '../lib/stats-time.js';

const ARTICLE_ID = /^\/noticias\/(\d+)\/\d{4}\//;

/**
 * Each article's views by people over the last 30 days (today included), by article id: what the
 * editors' list shows beside each article. An article's old addresses (a changed title) add up.
 */
export async function articleViews(repo: Pick<Repository, 'statistics'>, now = Date.now()): Promise<Record<number, number>> {
  const byPath = await repo.statistics.viewsSince(addDays(siteDayOf(now), -29));
  const views: Record<number, number> = {};
  for (const [path, count] of byPath) {
    const id = ARTICLE_ID.exec(path)?.[1];
    if (id !== undefined) views[Number(id)] = (views[Number(id)] ?? 0) + count;
  }
  return views;
}
