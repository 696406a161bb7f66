import { afterEach, describe, expect, it, vi } from 'vitest';
import { RelatedReadings } from '../../../src/content/related-readings.js';
import type { RelatedCandidate } from '../../../src/db/public-article-store.js';

const self = { id: 1, titulo: 'Receita digital', descricao: 'Prescrição eletrônica.' };
const candidate = (id: number, titulo: string, shared: number): RelatedCandidate => ({
  article: { id, titulo, titulo_url: `artigo-${id}`, descricao: '', data_publicacao: '2026-01-01T00:00:00.000Z' },
  shared,
});

describe('RelatedReadings', () => {
  afterEach(() => vi.useRealTimers());

  it('chooses once per article until cleared, and again after its age', async () => {
    vi.useFakeTimers({ now: 0 });
    const readings = new RelatedReadings(60_000);
    const load = vi.fn(async () => [candidate(2, 'Agenda', 0), candidate(3, 'Receita digital passo a passo', 1), candidate(1, 'Receita digital', 3)]);
    const first = await readings.of(self, load);
    expect(first).toEqual({ related: [expect.objectContaining({ id: 3 }), expect.objectContaining({ id: 2 })], candidates: [2, 3, 1] });
    expect(await readings.of(self, load)).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);

    readings.clear();
    await readings.of(self, load);
    expect(load).toHaveBeenCalledTimes(2);

    vi.setSystemTime(60_001);
    await readings.of(self, load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('does not keep a failed choice', async () => {
    const readings = new RelatedReadings(60_000);
    await expect(readings.of(self, async () => Promise.reject(new Error('banco fora do ar')))).rejects.toThrow('banco fora do ar');
    expect(await readings.of(self, async () => [candidate(2, 'Agenda', 0)])).toEqual({ related: [expect.objectContaining({ id: 2 })], candidates: [2] });
  });
});
