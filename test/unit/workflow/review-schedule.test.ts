import { describe, expect, it } from 'vitest';
import { addDays, addMonths, isOverdue, nextReviewDay, overdueFrom, saoPauloDay } from '../../../src/workflow/review-schedule.js';

describe('the calendar of medical reviews (São Paulo days)', () => {
  it('counts months to the same day, or the last day of a shorter month', () => {
    expect(addMonths('2030-01-31', 1)).toBe('2030-02-28');
    expect(addMonths('2032-01-31', 1)).toBe('2032-02-29');
    expect(addMonths('2030-11-15', 12)).toBe('2031-11-15');
    expect(addMonths('2030-08-31', 36)).toBe('2033-08-31');
    expect(addDays('2030-12-31', 1)).toBe('2031-01-01');
  });

  it('dates an approval by the São Paulo day it was given, not the UTC one', () => {
    // 01:30 UTC on 1 March is still 28 February in São Paulo.
    expect(saoPauloDay(new Date('2030-03-01T01:30:00Z'))).toBe('2030-02-28');
    expect(nextReviewDay(new Date('2030-03-01T01:30:00Z'), 12)).toBe('2031-02-28');
  });

  it('holds through the whole due day and is overdue from the next São Paulo midnight', () => {
    expect(isOverdue('2030-06-10', '2030-06-10')).toBe(false);
    expect(isOverdue('2030-06-10', '2030-06-11')).toBe(true);
    expect(new Date(overdueFrom('2030-06-10')).toISOString()).toBe('2030-06-11T03:00:00.000Z');
  });
});
