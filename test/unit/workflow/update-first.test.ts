import { describe, expect, it } from 'vitest';
import { urgencyWeight } from '../../../src/workflow/update-first.js';

const TODAY = '2027-06-10';

/** "Atualizar primeiro" (issue 32): how much a review's due day weighs against readers. */
describe('urgência da revisão para "Atualizar primeiro"', () => {
  it('grows by one every 15 days nearer, and more the longer the review is overdue', () => {
    expect(urgencyWeight('2027-08-09', TODAY)).toBe(2);
    expect(urgencyWeight('2027-07-26', TODAY)).toBe(2);
    expect(urgencyWeight('2027-07-25', TODAY)).toBe(3);
    expect(urgencyWeight('2027-07-10', TODAY)).toBe(4);
    expect(urgencyWeight('2027-06-26', TODAY)).toBe(4);
    expect(urgencyWeight('2027-06-25', TODAY)).toBe(5);
    expect(urgencyWeight(TODAY, TODAY)).toBe(5);
    expect(urgencyWeight('2027-06-09', TODAY)).toBe(6);
    expect(urgencyWeight('2027-05-11', TODAY)).toBe(6);
    expect(urgencyWeight('2027-05-10', TODAY)).toBe(7);
    expect(urgencyWeight('2027-03-12', TODAY)).toBe(7);
    expect(urgencyWeight('2027-03-11', TODAY)).toBe(8);
    expect(urgencyWeight('2020-01-01', TODAY)).toBe(8);
  });

  it('never weighs a nearer review less than a later one', () => {
    let previous = 0;
    for (let days = 60; days >= -400; days -= 1) {
      const date = new Date(`${TODAY}T12:00:00Z`);
      date.setUTCDate(date.getUTCDate() + days);
      const weight = urgencyWeight(date.toISOString().slice(0, 10), TODAY);
      expect(weight).toBeGreaterThanOrEqual(previous);
      previous = weight;
    }
  });
});
