import { describe, expect, it } from 'vitest';
import type { ClosedSpan, StatsQuery, ViewCount } from '../../src/db/stats-store.js';
import { runRawSql } from '../support/raw-sql.js';
import { viewCount } from '../support/view-count.js';
import { availableAdapters, storePerTest } from './adapters.js';

const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';
const period = (from: string, to: string, path?: string): StatsQuery => ({ from, to, path, fromInstant: `${from}T03:00:00.000Z`, toInstant: `${to}T23:59:59.999Z`, limit: 100 });
const views = (hora: string, dia: string, visualizacoes: number, extra: Partial<ViewCount> = {}): ViewCount => viewCount(dia, visualizacoes, { hora, ...extra });

/** Five days: a 7-day period's closed span is the first three, the last two are read live. */
const WEEK = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'] as const;
const SPAN: ClosedSpan = { dias: 7, de: WEEK[0], ate: WEEK[2] };
const WHOLE = period(WEEK[0], WEEK[4]);
/** What the closed totals change: the report reads them only for the span they were built for. */
const TAMPER = `UPDATE estatisticas_fechadas SET visualizacoes = visualizacoes + 1000 WHERE tipo = 'pagina' AND chave = '/a'`;

describe.each(availableAdapters())('contrato das estatísticas: $name', (adapter) => {
  const { store, repo } = storePerTest(adapter);

  /** Pages, referrers, campaigns, bots and searches on every day of WEEK, each day different. */
  async function fillWeek() {
    await repo.statistics.add({
      views: WEEK.flatMap((dia, index) => [
        views(`${dia}T12`, dia, 10 + index, { caminho: '/a', origem: 'www.google.com' }),
        views(`${dia}T13`, dia, 3 + index, { caminho: `/b${index % 2}`, origem: `site-${index}.com.br`, utm_source: 'boletim', utm_medium: 'email', utm_campaign: 'novembro', dispositivo: 'celular' }),
        views(`${dia}T14`, dia, 2, { caminho: '/a', robo: true }),
      ]),
      searches: WEEK.map((dia, index) => ({ dia, termo: index < 3 ? 'asma' : 'rinite', resultados: 5 - index, vezes: index + 1 })),
      visitors: [],
    });
  }

  const pagesOf = async (query: StatsQuery) => Object.fromEntries((await repo.statistics.report(query)).paginas.map((page) => [page.caminho, page.visualizacoes]));

  it('adds up a standard period\'s closed days once and reads them with the days after them: the same numbers as the days themselves', async () => {
    await fillWeek();
    const live = await repo.statistics.report(WHOLE);
    await repo.statistics.close([SPAN]);
    expect(await repo.statistics.report({ ...WHOLE, closed: SPAN })).toEqual(live);
    expect(live.buscas).toEqual([
      { termo: 'asma', resultados: 5, vezes: 6 },
      { termo: 'rinite', resultados: 2, vezes: 9 },
    ].sort((a, b) => b.vezes - a.vezes));

    // The report reads the totals, and a second close builds nothing: the tampered total stays.
    await runRawSql(store, TAMPER);
    await repo.statistics.close([SPAN]);
    expect(await pagesOf({ ...WHOLE, closed: SPAN })).toEqual({ '/a': 1060, '/b0': 15, '/b1': 10 });
    expect(await pagesOf(WHOLE)).toEqual({ '/a': 60, '/b0': 15, '/b1': 10 });
    // Totals kept for other days, or asked for one page, are not read.
    expect(await pagesOf({ ...WHOLE, closed: { ...SPAN, ate: WEEK[3] } })).toEqual({ '/a': 60, '/b0': 15, '/b1': 10 });
    expect(await pagesOf({ ...WHOLE, path: '/a', closed: SPAN })).toEqual({ '/a': 60 });
  });

  it('a flush into a closed day reopens it (one after the span does not), and the next close builds it again', async () => {
    await fillWeek();
    await repo.statistics.close([SPAN]);
    await runRawSql(store, TAMPER);
    await repo.statistics.add({ views: [views(`${WEEK[4]}T20`, WEEK[4], 1, { caminho: '/a' })], searches: [], visitors: [] });
    expect((await pagesOf({ ...WHOLE, closed: SPAN }))['/a']).toBe(1061);
    // Counts kept through a long outage, landing in the span's last day.
    await repo.statistics.add({ views: [views(`${WEEK[2]}T23`, WEEK[2], 4, { caminho: '/a' })], searches: [{ dia: WEEK[1], termo: 'asma', resultados: 9, vezes: 1 }], visitors: [] });
    expect(await repo.statistics.report({ ...WHOLE, closed: SPAN })).toEqual(await repo.statistics.report(WHOLE));
    expect((await pagesOf({ ...WHOLE, closed: SPAN }))['/a']).toBe(65);
    await repo.statistics.close([SPAN]);
    expect(await repo.statistics.report({ ...WHOLE, closed: SPAN })).toEqual(await repo.statistics.report(WHOLE));
    await runRawSql(store, TAMPER);
    expect((await pagesOf({ ...WHOLE, closed: SPAN }))['/a']).toBe(1065);
  });

  it('two instances closing the same spans at once build them once', async () => {
    await fillWeek();
    const spans: ClosedSpan[] = [SPAN, { dias: 30, de: '2026-10-26', ate: WEEK[2] }];
    const other = await store.open();
    try {
      await Promise.all([repo.statistics.close(spans), other.statistics.close(spans), repo.statistics.close(spans)]);
    } finally {
      await other.close();
    }
    expect(await repo.statistics.report({ ...WHOLE, closed: SPAN })).toEqual(await repo.statistics.report(WHOLE));
    const month = period('2026-10-26', WEEK[4]);
    expect(await repo.statistics.report({ ...month, closed: spans[1] })).toEqual(await repo.statistics.report(month));
  });

  it('retention that deletes a closed span\'s first days reopens it', async () => {
    await fillWeek();
    await repo.statistics.close([SPAN]);
    await runRawSql(store, TAMPER);
    await repo.statistics.sweep(WEEK[4], '2026-01-01T00', WEEK[1]);
    expect(await pagesOf({ ...WHOLE, closed: SPAN })).toEqual(await pagesOf(WHOLE));
    expect((await pagesOf(WHOLE))['/a']).toBe(50);
  });

  it('adds what each instance flushes, per hour and per day, hours of one day in one row', async () => {
    await repo.statistics.add({ views: [views(`${MONDAY}T13`, MONDAY, 2), views(`${MONDAY}T14`, MONDAY, 3)], searches: [], visitors: [] });
    const other = await store.open();
    try {
      await other.statistics.add({ views: [views(`${MONDAY}T14`, MONDAY, 5)], searches: [{ dia: MONDAY, termo: 'asma', resultados: 4, vezes: 2 }], visitors: [] });
    } finally {
      await other.close();
    }
    await repo.statistics.add({ views: [], searches: [{ dia: MONDAY, termo: 'asma', resultados: 3, vezes: 1 }], visitors: [] });
    const numbers = await repo.statistics.report(period(MONDAY, MONDAY));
    expect(numbers.serie).toEqual([{ dia: MONDAY, visitantes: 0, visualizacoes: 10 }]);
    expect(numbers.buscas).toEqual([{ termo: 'asma', resultados: 3, vezes: 3 }]);
    expect(Object.fromEntries(await repo.statistics.viewsSince(MONDAY))).toEqual({ '/noticias': 10 });
  });

  it('shares one salt per day, deletes it the next day, and folds the finished day\'s hashes into a count', async () => {
    const salt = await repo.statistics.saltFor(MONDAY, 'sal-de-segunda');
    expect(await repo.statistics.saltFor(MONDAY, 'outro-sal')).toBe(salt);
    await repo.statistics.add({
      views: [],
      searches: [],
      visitors: [
        { dia: MONDAY, caminho: '', hash: 'a' },
        { dia: MONDAY, caminho: '', hash: 'b' },
        { dia: MONDAY, caminho: '', hash: 'a' },
        { dia: MONDAY, caminho: '/noticias', hash: 'a' },
      ],
    });
    expect((await repo.statistics.report(period(MONDAY, MONDAY))).serie).toEqual([{ dia: MONDAY, visitantes: 2, visualizacoes: 0 }]);
    await repo.statistics.sweep(TUESDAY, '2026-01-01T00', '2025-01-01');
    expect(await repo.statistics.saltFor(TUESDAY, 'sal-de-terca')).toBe('sal-de-terca');
    // Monday's salt is gone: asking for it again stores a new one rather than finding the old.
    expect(await repo.statistics.saltFor(MONDAY, 'sal-novo')).toBe('sal-novo');
    expect((await repo.statistics.report(period(MONDAY, MONDAY))).serie).toEqual([{ dia: MONDAY, visitantes: 2, visualizacoes: 0 }]);
    expect((await repo.statistics.report(period(MONDAY, MONDAY, '/noticias'))).serie).toEqual([{ dia: MONDAY, visitantes: 1, visualizacoes: 0 }]);
  });

  it('deletes hourly rows past STATS_HOURLY_DAYS and daily rows past STATS_DAILY_MONTHS', async () => {
    await repo.statistics.add({ views: [views('2026-01-05T10', '2026-01-05', 1), views(`${MONDAY}T10`, MONDAY, 1)], searches: [], visitors: [] });
    await repo.statistics.sweep(TUESDAY, '2026-08-25T00', '2026-02-01');
    expect((await repo.statistics.report(period('2026-01-01', TUESDAY))).serie.map((day) => day.dia)).toEqual([MONDAY]);
  });
});
