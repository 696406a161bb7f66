import type { UpdateFirstItem } from '../db/review-queue-store.js';
import type { Repository } from '../db/storage.js';
import { addDays, siteDayOf } from '../lib/stats-time.js';

/** Reviews due within this many days are listed, besides the overdue ones. */
export const UPDATE_HORIZON_DAYS = 60;
/** Rows of "Atualizar primeiro". */
export const UPDATE_FIRST_ROWS = 10;
/** Views counted over the last this many days, today included. */
export const UPDATE_VIEWS_DAYS = 30;

/**
 * How much a review's due day weighs, from the most urgent: one more for every 15 days nearer, and more
 * the longer it is overdue. `before` counts days from today: a review due before today + `before`
 * weighs `weight`, the first step that holds applying.
 */
const STEPS = [
  { before: -90, weight: 8 },
  { before: -30, weight: 7 },
  { before: 0, weight: 6 },
  { before: 16, weight: 5 },
  { before: 31, weight: 4 },
  { before: 46, weight: 3 },
] as const;
/** Due 46 to 60 days from today. */
const BASE_WEIGHT = 2;

/** The weight of a review due on `due` (AAAA-MM-DD), seen on `today`. */
export function urgencyWeight(due: string, today: string): number {
  return STEPS.find((step) => due < addDays(today, step.before))?.weight ?? BASE_WEIGHT;
}

export interface UpdateFirstRow extends UpdateFirstItem {
  vencida: boolean;
}

/**
 * "Which articles should be updated first" (issue 32 with issue 33's review dates): published articles
 * whose review is overdue or due within 60 days, by views in the last 30 days × urgencyWeight (the
 * database orders, with the same steps), then the soonest due; at most 10. `articlesPrefix` is what
 * every article's address begins with, from the routes.
 */
export async function updateFirst(repo: Pick<Repository, 'reviewQueue'>, articlesPrefix: string, now = Date.now()): Promise<UpdateFirstRow[]> {
  const today = siteDayOf(now);
  const items = await repo.reviewQueue.updateFirst({
    ate: addDays(today, UPDATE_HORIZON_DAYS),
    prefixoDosArtigos: articlesPrefix,
    visualizacoesDesde: addDays(today, -(UPDATE_VIEWS_DAYS - 1)),
    pesos: STEPS.map((step) => ({ antes: addDays(today, step.before), peso: step.weight })),
    pesoBase: BASE_WEIGHT,
    limit: UPDATE_FIRST_ROWS,
  });
  return items.map((item) => ({ ...item, vencida: item.proxima_revisao < today }));
}
