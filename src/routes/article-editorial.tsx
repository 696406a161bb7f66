import { formatDatePtBr } from '../content/format-date.js';
import { formatDayPtBr } from '../content/format-day.js';
import type { Correction } from '../db/correction-store.js';
import { isOverdue, overdueFrom, saoPauloDay } from '../workflow/review-schedule.js';
import { PATHS } from './paths.js';

/** The day a shown review holds until, and whether it has passed (issue 33). */
export interface ReviewDue {
  day: string;
  overdue: boolean;
}

/** Ids the editorial parts take on the page, kept from the body's headings. */
export const EDITORIAL_IDS = ['correcoes'];

/** The due date of the review the page shows, as of `now`; none without a shown review or a date. */
export function reviewDueAt(review: unknown, proxima_revisao: string | null, now: Date): ReviewDue | undefined {
  if (!review || !proxima_revisao) return undefined;
  return { day: proxima_revisao, overdue: isOverdue(proxima_revisao, saoPauloDay(now)) };
}

/** A page that says a review is current must not be served from cache once it falls due. */
export const reviewDueExpiry = (due: ReviewDue | undefined): number | undefined => (due && !due.overdue ? overdueFrom(due.day) : undefined);

/** "· Próxima revisão até {data}" while the review holds; past it, that it is overdue and being re-assessed. */
export function ReviewDueNote({ due }: { due: ReviewDue | undefined }) {
  if (!due) return null;
  const day = <time dateTime={due.day}>{formatDayPtBr(due.day)}</time>;
  if (due.overdue) {
    return (
      <>
        {' · '}
        <strong className="article-review-overdue">Revisão médica vencida em {day}; conteúdo em reavaliação</strong>
      </>
    );
  }
  return <>{' · '}Próxima revisão até {day}</>;
}

/** The link every review box carries: how content is written, reviewed and corrected. */
export function EditorialPolicyLink() {
  return (
    <>
      {' · '}
      <a href={PATHS.editorialPolicy}>Política editorial</a>
    </>
  );
}

/** "Correções": what was wrong, dated, newest first; never edited, only followed by another. */
export function ArticleCorrections({ corrections }: { corrections: Correction[] | undefined }) {
  if (!corrections?.length) return null;
  return (
    <section className="article-corrections" aria-labelledby="correcoes">
      <h2 id="correcoes">Correções</h2>
      <ul>
        {corrections.map((correction) => (
          <li key={correction.id}>
            <time dateTime={correction.data}>{formatDatePtBr(correction.data)}</time>: {correction.texto}
          </li>
        ))}
      </ul>
    </section>
  );
}
