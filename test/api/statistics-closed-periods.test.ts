import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, siteDayOf } from '../../src/lib/stats-time.js';
import { createLogger } from '../../src/logger.js';
import { PageStats, startStatsFlush } from '../../src/workflow/page-stats.js';
import type { StatsReport } from '../../src/workflow/stats-report.js';
import { createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.js';
import { runRawSql } from '../support/raw-sql.js';
import { viewCount } from '../support/view-count.js';

const SITE_URL = 'https://www.prontivo.test';
const postgresUrl = inject('postgresUrl');
const backends = postgresUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

/**
 * The page's standard periods read their days before yesterday from totals the instance adds up once a
 * day (issue 32's 90 days at 100 million views): the wiring from the flush task to the report.
 */
describe.each(backends)('períodos fechados das estatísticas (%s)', (backend) => {
  let t: TestApp;
  let database: ScratchDatabase | undefined;
  const today = siteDayOf(Date.now());
  const tenDaysAgo = addDays(today, -10);

  const report = async (query = '') => (await request(t.app).get(`/api/estatisticas${query}`).set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).expect(200)).body.value as StatsReport;
  const viewsOf = (value: StatsReport, path: string) => value.paginas.find((page) => page.caminho === path)?.visualizacoes;

  beforeAll(async () => {
    database = backend === 'postgres' ? await createScratchDatabase(postgresUrl!) : undefined;
    t = await createTestApp({ env: { SITE_URL, ...(database ? { DATABASE_URL: database.url } : {}) } });
    await t.repo.statistics.add({ views: [viewCount(tenDaysAgo, 7, { caminho: '/sobre' }), viewCount(today, 2, { caminho: '/sobre' })], searches: [], visitors: [] });
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('the flush task adds up the 7, 30 and 90 days once; the default 30 days read them, a custom period reads its days', async () => {
    const target = { url: t.config.databaseUrl, path: t.config.sqlitePath };
    const before = await report();
    expect(viewsOf(before, '/sobre')).toBe(9);
    const task = startStatsFlush(new PageStats(t.repo, SITE_URL, { hourlyDays: 90, dailyMonths: 25 }), 60_000, createLogger({ logLevel: 'silent' }));
    await task.stop();
    await runRawSql(target, `UPDATE estatisticas_fechadas SET visualizacoes = visualizacoes + 1000 WHERE tipo = 'pagina' AND chave = '/sobre' AND dias = 30`);

    expect(viewsOf(await report(), '/sobre')).toBe(1009);
    expect(viewsOf(await report(`?de=${addDays(today, -89)}`), '/sobre')).toBe(9);
    expect(viewsOf(await report(`?de=${addDays(today, -29)}&ate=${addDays(today, -1)}`), '/sobre')).toBe(7);
    expect(viewsOf(await report(`?caminho=/sobre`), '/sobre')).toBe(9);
  });
});
