import { describe, expect, it } from 'vitest';
import { SiteSigner } from '../../src/lib/site-signer.js';
import { availableAdapters, storePerTest } from './adapters.js';

describe.each(availableAdapters())('contrato dos segredos compartilhados: $name', (adapter) => {
  const { store, repo } = storePerTest(adapter);

  it('stores the first secret made under a name; every later call, from any instance, reads that one', async () => {
    const other = await store.open();
    try {
      const both = await Promise.all([repo.secrets.getOrCreate('assinatura', () => 'primeiro'), other.secrets.getOrCreate('assinatura', () => 'segundo')]);
      expect(both[0]).toBe(both[1]);
      expect(await repo.secrets.getOrCreate('assinatura', () => 'terceiro')).toBe(both[0]);
      expect(await repo.secrets.getOrCreate('outro', () => 'outro-valor')).toBe('outro-valor');
    } finally {
      await other.close();
    }
  });

  it('lets a token signed by one instance be verified by another', async () => {
    const other = await store.open();
    try {
      const token = await new SiteSigner(repo.secrets).sign('cancelar-boletim', '42');
      expect(await new SiteSigner(other.secrets).verify('cancelar-boletim', token)).toBe('42');
      expect(await new SiteSigner(other.secrets).verify('preferencias-boletim', token)).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});
