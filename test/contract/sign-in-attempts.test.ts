import { describe, expect, it } from 'vitest';
import { availableAdapters, storePerTest } from './adapters.js';

const at = (ms: number) => new Date(ms).toISOString();
const T0 = Date.parse('2025-03-10T12:00:00.000Z');
const BURST = 60;

describe.each(availableAdapters())('contrato das tentativas de entrada: $name', (adapter) => {
  const { store, repo } = storePerTest(adapter);

  it('counts a burst from two instances one attempt after the other on every name alike', async () => {
    const other = await store.open();
    try {
      // An address, an account from it, the account: names given in no particular order.
      const names = ['par conta endereco', 'endereco', 'conta'];
      const taken = await Promise.all(
        Array.from({ length: BURST }, (_, n) => (n % 2 === 0 ? repo : other).signInAttempts.take(names, at(T0 + n), at(T0 + 60_000))),
      );
      // Each attempt got the same place on each of its names, and the places are 1…BURST.
      for (const counts of taken) {
        expect(counts.map((count) => count.nome)).toEqual(names);
        expect(new Set(counts.map((count) => count.tentativas)).size).toBe(1);
      }
      expect(taken.map((counts) => counts[0]!.tentativas).sort((a, b) => a - b)).toEqual(Array.from({ length: BURST }, (_, n) => n + 1));
    } finally {
      await other.close();
    }
  });

  it('starts a new window once the last has passed, and gives back an attempt that succeeded', async () => {
    const [first] = await repo.signInAttempts.take(['endereco'], at(T0), at(T0 + 1_000));
    expect(first).toEqual({ nome: 'endereco', tentativas: 1, termina_em: at(T0 + 1_000) });
    await repo.signInAttempts.take(['endereco'], at(T0 + 10), at(T0 + 1_010));
    await repo.signInAttempts.giveBack(['endereco'], at(T0 + 20));
    expect((await repo.signInAttempts.take(['endereco'], at(T0 + 30), at(T0 + 1_030)))[0]!.tentativas).toBe(2);
    expect(await repo.signInAttempts.take(['endereco'], at(T0 + 1_000), at(T0 + 2_000))).toEqual([{ nome: 'endereco', tentativas: 1, termina_em: at(T0 + 2_000) }]);
  });
});
