import { describe, expect, it } from 'vitest';
import { formatDatePtBr } from '../../../src/content/format-date.js';

describe('formatDatePtBr', () => {
  it('writes the day, month name and year in Portuguese', () => {
    expect(formatDatePtBr('2026-11-21T15:00:00Z')).toBe('21 de novembro de 2026');
  });

  it('uses the São Paulo calendar day, not the UTC one', () => {
    expect(formatDatePtBr('2026-03-01T01:30:00Z')).toBe('28 de fevereiro de 2026');
  });
});
