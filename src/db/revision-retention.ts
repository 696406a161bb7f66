import type { ArticleStatus, RevisionAction } from './repository.js';

/** Autosaves kept whatever their age; older ones thin out to one per hour. */
export const RECENT_AUTOSAVES = 20;

export interface RetainedRevision {
  versao: number;
  /** ISO 8601 UTC. */
  data: string;
  acao: RevisionAction;
  /** The article's state in this version. */
  status: ArticleStatus;
  /** Who saved it: the medical review asks who saved any version since the last approval. */
  id_pessoa: number | null;
}

/**
 * The versions of one article that may go: an edit saved while the article was not published (the
 * editor saves drafts every few seconds) beyond the newest RECENT_AUTOSAVES, unless it is the last one
 * of its hour by the person who saved it. Every version the public could read, and every change of
 * state, stays; so does a record of everyone who saved.
 */
export function expiredAutosaves(revisions: RetainedRevision[]): number[] {
  const autosaves = revisions
    .filter((revision) => revision.acao === 'editado' && revision.status !== 'publicado')
    .sort((a, b) => b.versao - a.versao);
  const slotsKept = new Set<string>();
  const expired: number[] = [];
  for (const [index, revision] of autosaves.entries()) {
    const slot = `${revision.data.slice(0, 13)} ${revision.id_pessoa}`;
    if (index < RECENT_AUTOSAVES) continue;
    if (slotsKept.has(slot)) expired.push(revision.versao);
    else slotsKept.add(slot);
  }
  return expired;
}
