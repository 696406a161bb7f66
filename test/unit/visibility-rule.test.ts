import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPublic, publicWhere } from '../../src/db/article-workflow.js';
import { ARTICLE_STATUSES } from '../../src/db/repository.js';

describe('the visibility rule', () => {
  it('says the same in SQL (publicWhere) as in code (isPublic), for any state and dates', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE artigos (status TEXT NOT NULL, publicar_em TEXT)');
    const visible = db.prepare(`SELECT count(*) FROM artigos WHERE ${publicWhere('@now')}`).pluck();
    const instant = fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 0, 1) }).map((ms) => new Date(ms).toISOString());
    fc.assert(
      fc.property(fc.constantFrom(...ARTICLE_STATUSES), fc.option(instant, { nil: null }), instant, (status, publicar_em, now) => {
        db.exec('DELETE FROM artigos');
        db.prepare('INSERT INTO artigos VALUES (?, ?)').run(status, publicar_em);
        expect(visible.get({ now }) === 1).toBe(isPublic({ status, publicar_em }, now));
      }),
      { numRuns: 500 },
    );
    db.close();
  });
});
