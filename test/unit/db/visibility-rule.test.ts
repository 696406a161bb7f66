import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { isPublic, publicAt } from '../../../src/db/article-workflow.js';
import { ARTICLE_STATUSES } from '../../../src/db/repository.js';
import { openSqliteDialect } from '../../../src/db/sqlite-dialect.js';

describe('the visibility rule', () => {
  const { db } = openSqliteDialect(':memory:');
  afterAll(() => db.destroy());

  it('says the same in SQL (publicAt) as in code (isPublic), for any state and dates', async () => {
    await db.schema.createTable('artigos').addColumn('status', 'text', (column) => column.notNull()).addColumn('publicar_em', 'text').execute();
    const instant = fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 0, 1) }).map((ms) => new Date(ms).toISOString());
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ARTICLE_STATUSES), fc.option(instant, { nil: null }), instant, async (status, publicar_em, now) => {
        await db.deleteFrom('artigos').execute();
        await db.insertInto('artigos').values({ status, publicar_em } as never).execute();
        const visible = await db.selectFrom('artigos').select('status').where(publicAt(now)).execute();
        expect(visible.length === 1).toBe(isPublic({ status, publicar_em }, now));
      }),
      { numRuns: 500 },
    );
  });
});
