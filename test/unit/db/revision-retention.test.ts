import { describe, expect, it } from 'vitest';
import { expiredAutosaves, RECENT_AUTOSAVES, type RetainedRevision } from '../../../src/db/revision-retention.js';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 24, 8) + minutes * 60_000).toISOString();

describe('which autosaves expire', () => {
  it('keeps the newest 20 autosaves, then the last one of each hour, and every published version and change of state', () => {
    // An autosave every 5 minutes for 5 hours (60), a publication in the middle and edits of the published article.
    const revisions: RetainedRevision[] = [{ versao: 1, data: at(0), acao: 'criado', status: 'rascunho', id_pessoa: 2 }];
    for (let i = 1; i <= 60; i += 1) revisions.push({ versao: i + 1, data: at(i * 5), acao: 'editado', status: 'rascunho', id_pessoa: 2 });
    revisions.push({ versao: 62, data: at(301), acao: 'publicado', status: 'publicado', id_pessoa: 2 });
    for (let i = 1; i <= 30; i += 1) revisions.push({ versao: 62 + i, data: at(301 + i), acao: 'editado', status: 'publicado', id_pessoa: 2 });
    const expired = new Set(expiredAutosaves(revisions));
    const kept = revisions.filter((revision) => !expired.has(revision.versao));
    expect(kept.filter((revision) => revision.status === 'publicado' || revision.acao !== 'editado')).toHaveLength(32);
    const autosaves = kept.filter((revision) => revision.acao === 'editado' && revision.status !== 'publicado');
    // Versions 42-61 (11:25 to 13:00) are the newest 20; before them, hours 08 to 11 keep their last autosave.
    expect(autosaves.slice(0, -RECENT_AUTOSAVES).map((revision) => revision.data)).toEqual([at(55), at(115), at(175), at(200)]);
    expect(autosaves.slice(-RECENT_AUTOSAVES).map((revision) => revision.versao)).toEqual(Array.from({ length: 20 }, (_, i) => 42 + i));
  });

  it('expires nothing while there are at most 20 autosaves', () => {
    const revisions: RetainedRevision[] = Array.from({ length: 20 }, (_, i) => ({ versao: i + 1, data: at(i * 90), acao: 'editado', status: 'rascunho', id_pessoa: 2 }));
    expect(expiredAutosaves(revisions)).toEqual([]);
  });

  it('keeps, in every hour, the last autosave of each person who saved: the medical review asks who saved what', () => {
    // A reviewer's one edit at 08:02 among another person's autosaves every minute of that hour and the next.
    const revisions: RetainedRevision[] = Array.from({ length: 120 }, (_, i) => ({ versao: i + 1, data: at(i), acao: 'editado', status: 'rascunho', id_pessoa: 2 }));
    revisions[2] = { ...revisions[2]!, id_pessoa: 9 };
    const expired = new Set(expiredAutosaves(revisions));
    expect(revisions.filter((revision) => !expired.has(revision.versao) && revision.id_pessoa === 9).map((revision) => revision.versao)).toEqual([3]);
    expect(expired.has(2)).toBe(true);
  });
});
