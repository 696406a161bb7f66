import type { RawDraftContentState } from 'draft-js';
import type { ArticleFields } from './fields.js';

/**
 * The browser's copy of a draft: the offline fallback of the server draft, one per article so that
 * two tabs on two articles never touch each other. Never the key.
 */
export interface StoredDraft {
  fields: Omit<ArticleFields, 'chave'>;
  content: RawDraftContentState | null;
  savedAt: string;
  /** The server version this copy was edited from (null: a new article not yet on the server). */
  baseVersion?: number | null;
}

/** As copies made before 2026-11-24 name the version they were edited from. */
interface EarlierStoredDraft extends StoredDraft {
  baseVersao?: number | null;
}

/** A new article not yet on the server, or an article by id. */
export type DraftSlot = 'novo' | number;

/** The new article's key is the one the first version of the editor used, so older drafts still restore. */
export function draftStorageKey(slot: DraftSlot): string {
  return slot === 'novo' ? 'prontivo:rascunho-novo-artigo:v1' : `prontivo:rascunho-artigo-${slot}:v1`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function saveDraft(
  slot: DraftSlot,
  fields: ArticleFields,
  content: RawDraftContentState | null,
  baseVersion: number | null = null,
): boolean {
  const { chave: _key, ...rest } = fields;
  const draft: StoredDraft = { fields: rest, content, savedAt: new Date().toISOString(), baseVersion };
  try {
    storage()?.setItem(draftStorageKey(slot), JSON.stringify(draft));
    return true;
  } catch {
    // Quota exceeded or storage disabled: the page keeps working, only without a saved draft.
    return false;
  }
}

export function loadDraft(slot: DraftSlot): StoredDraft | null {
  const text = storage()?.getItem(draftStorageKey(slot));
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as EarlierStoredDraft | null;
    if (typeof draft !== 'object' || draft === null || typeof draft.fields !== 'object') return null;
    const { baseVersao, ...current } = draft;
    return { ...current, baseVersion: current.baseVersion ?? baseVersao };
  } catch {
    return null;
  }
}

export function clearDraft(slot: DraftSlot): void {
  storage()?.removeItem(draftStorageKey(slot));
}

/** A draft is worth restoring only if something was typed. */
export function hasContent(draft: StoredDraft): boolean {
  const { tituloUrlManual: _manual, ...texts } = draft.fields;
  const typed = Object.values(texts).some((value) => typeof value === 'string' && value.trim() !== '');
  const blocks = draft.content?.blocks ?? [];
  return typed || blocks.some((block) => block.text.trim() !== '' || block.type === 'atomic');
}
