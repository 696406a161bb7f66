import { describe, expect, it } from 'vitest';
import { availableAdapters, storePerTest } from './adapters.js';
import { numberedArticle } from './numbered-article.js';

const at = (ms: number) => new Date(ms).toISOString();
const T0 = Date.parse('2026-11-27T13:42:00.000Z');
const TTL = 90_000;
const claim = (id_artigo: number, titular: string, nome: string, now: number) => ({ id_artigo, titular, nome, id_pessoa: null, expira_em: at(now + TTL) });

describe.each(availableAdapters())('contrato das edições em curso: $name', (adapter) => {
  const { store, repo } = storePerTest(adapter);

  it('gives the lock to one tab, renews it for that tab only, and lets it lapse when the heartbeats stop', async () => {
    const id = await repo.articles.create(numberedArticle());
    const first = await repo.editLocks.hold(claim(id, 'aba-a', 'Ana', T0), at(T0));
    expect(first).toMatchObject({ titular: 'aba-a', nome: 'Ana', desde: at(T0), expira_em: at(T0 + TTL) });
    // Another tab asking while the lock is live gets the holder back, unchanged.
    expect(await repo.editLocks.hold(claim(id, 'aba-b', 'Bruno', T0 + 10_000), at(T0 + 10_000))).toMatchObject({ titular: 'aba-a', desde: at(T0), expira_em: at(T0 + TTL) });
    // The holder's heartbeat moves the expiry and keeps "desde".
    expect(await repo.editLocks.hold(claim(id, 'aba-a', 'Ana', T0 + 20_000), at(T0 + 20_000))).toMatchObject({ titular: 'aba-a', desde: at(T0), expira_em: at(T0 + 20_000 + TTL) });
    expect(await repo.editLocks.current(id, at(T0 + 20_000 + TTL - 1))).toMatchObject({ titular: 'aba-a' });
    expect(await repo.editLocks.current(id, at(T0 + 20_000 + TTL))).toBeNull();
    const later = T0 + 20_000 + TTL;
    expect(await repo.editLocks.hold(claim(id, 'aba-b', 'Bruno', later), at(later))).toMatchObject({ titular: 'aba-b', nome: 'Bruno', desde: at(later) });
  });

  it('is one lock for every instance: a takeover on one is seen by the other, and release frees it', async () => {
    const id = await repo.articles.create(numberedArticle());
    await repo.editLocks.hold(claim(id, 'aba-a', 'Ana', T0), at(T0));
    const other = await store.open();
    try {
      expect(await other.editLocks.current(id, at(T0 + 1_000))).toMatchObject({ titular: 'aba-a', nome: 'Ana' });
      expect(await other.editLocks.takeOver(claim(id, 'aba-b', 'Bruno', T0 + 2_000), at(T0 + 2_000))).toMatchObject({ titular: 'aba-b', desde: at(T0 + 2_000) });
      // The former holder's heartbeat no longer takes it back.
      expect(await repo.editLocks.hold(claim(id, 'aba-a', 'Ana', T0 + 3_000), at(T0 + 3_000))).toMatchObject({ titular: 'aba-b', nome: 'Bruno' });
      await repo.editLocks.release(id, 'aba-a');
      expect(await other.editLocks.current(id, at(T0 + 4_000))).toMatchObject({ titular: 'aba-b' });
      await repo.editLocks.release(id, 'aba-b');
      expect(await other.editLocks.current(id, at(T0 + 4_000))).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('keeps a suggestion per tab, the latest save replacing that tab’s earlier one, newest first', async () => {
    const id = await repo.articles.create(numberedArticle());
    const base = { id_artigo: id, autor: 'Ana', id_pessoa: null, versao_base: 1 };
    await repo.editLocks.keepSuggestion({ ...base, titular: 'aba-a', data: at(T0), conteudo: { titulo: 'Primeiro' } });
    await repo.editLocks.keepSuggestion({ ...base, titular: 'aba-c', autor: 'Caio', data: at(T0 + 1_000), conteudo: { titulo: 'De Caio' } });
    const replaced = await repo.editLocks.keepSuggestion({ ...base, titular: 'aba-a', data: at(T0 + 2_000), conteudo: { titulo: 'Segundo', conteudo: '<p>Mais texto.</p>' } });
    expect(replaced).toMatchObject({ autor: 'Ana', data: at(T0 + 2_000), conteudo: { titulo: 'Segundo' } });
    const kept = await repo.editLocks.suggestions(id);
    expect(kept.map((suggestion) => [suggestion.autor, suggestion.conteudo.titulo])).toEqual([
      ['Ana', 'Segundo'],
      ['Caio', 'De Caio'],
    ]);
    expect(kept[0]).not.toHaveProperty('titular');
    expect(await repo.editLocks.suggestions(id + 1000)).toEqual([]);
  });
});
