import { afterAll, describe, expect, it } from 'vitest';
import { publicAt } from '../../../src/db/article-workflow.js';
import { CompiledShapes } from '../../../src/db/compiled-shapes.js';
import { openSqliteDialect } from '../../../src/db/sqlite-dialect.js';

describe('queries compiled once per shape', () => {
  const { db } = openSqliteDialect(':memory:');
  afterAll(() => db.destroy());
  const shapes = new CompiledShapes();
  const page = (now: string, limit: number) =>
    shapes.of('page', [now, limit], ([now, limit]) => db.selectFrom('artigos').select('id').where(publicAt(now)).limit(limit));

  it('sends each call its own arguments and keeps the constants of the shape', () => {
    const first = page('2026-01-01T00:00:00.000Z', 5);
    const second = page('2027-06-30T12:00:00.000Z', 12);
    expect(second.sql).toBe(first.sql);
    expect(first.parameters).toEqual(['publicado', 'agendado', '2026-01-01T00:00:00.000Z', 5]);
    expect(second.parameters).toEqual(['publicado', 'agendado', '2027-06-30T12:00:00.000Z', 12]);
  });

  it('gives the query built per call the same SQL and parameters', () => {
    const built = db.selectFrom('artigos').select('id').where(publicAt('2026-01-01T00:00:00.000Z')).limit(5).compile();
    const compiled = page('2026-01-01T00:00:00.000Z', 5);
    expect([compiled.sql, compiled.parameters]).toEqual([built.sql, built.parameters]);
  });
});
