import { describe, expect, it } from 'vitest';
import { availableAdapters, storePerTest } from './adapters.js';

const at = (ms: number) => new Date(ms).toISOString();
const T0 = Date.parse('2025-03-10T12:00:00.000Z');

describe.each(availableAdapters())('contrato das fichas de formulário usadas: $name', (adapter) => {
  const { store, repo, reopen } = storePerTest(adapter);

  it('spends a nonce once, on any instance, and forgets it once it has expired', async () => {
    expect(await repo.formTokens.spend('n1', at(T0 + 1_000), at(T0))).toBe(true);
    expect(await repo.formTokens.spend('n1', at(T0 + 1_000), at(T0 + 10))).toBe(false);
    const other = await store.open();
    try {
      expect(await other.formTokens.spend('n1', at(T0 + 1_000), at(T0 + 20))).toBe(false);
      expect(await other.formTokens.spend('n2', at(T0 + 1_000), at(T0 + 20))).toBe(true);
    } finally {
      await other.close();
    }
    await reopen();
    // Past its expiry the row is swept: a token that old is refused by its age before it is spent.
    expect(await repo.formTokens.spend('n1', at(T0 + 5_000), at(T0 + 1_000))).toBe(true);
  });
});
