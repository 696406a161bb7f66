import { describe, expect, it } from 'vitest';
import type { StatsQuery, ViewCount } from '../../src/db/stats-store.js';
import { availableAdapters, storePerTest } from './adapters.js';

const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';
const period = (from: string, to: string, path?: string): StatsQuery => ({ from, to, path, fromInstant: `${from}T03:00:00.000Z`, toInstant: `${to}T23:59:59.999Z`, limit: 100 });
const views = (hora: string, dia: string, visualizacoes: number, extra: Partial<ViewCount> = {}): ViewCount => ({
  hora,
  dia,
  caminho: '/noticias',
  origem: '',
  utm_source: '',
  utm_medium: '',
  utm_campaign: '',
  dispositivo: 'computador',
  robo: false,
  visualizacoes,
  ...extra,
});

describe.each(availableAdapters())('contrato das estatísticas: $name', (adapter) => {
  const { store, repo } = storePerTest(adapter);

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
