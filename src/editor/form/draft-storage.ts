import type { RawDraftContentState } from 'draft-js';
import type { ArticleFields } from './fields.js';

/** The draft kept in the browser until a successful save; never the key. */
export interface StoredDraft {
  fields: Omit<ArticleFields, 'chave'>;
  content: RawDraftContentState | null;
  savedAt: string;
}

export const DRAFT_STORAGE_KEY = 'prontivo:rascunho-novo-artigo:v1';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function saveDraft(fields: ArticleFields, content: RawDraftContentState | null): boolean {
  const { chave: _key, ...rest } = fields;
  const draft: StoredDraft = { fields: rest, content, savedAt: new Date().toISOString() };
  try {
    storage()?.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
    return true;
  } catch {
    // Quota exceeded or storage disabled: the page keeps working, only without a saved draft.
    return false;
  }
}

export function loadDraft(): StoredDraft | null {
  const text = storage()?.getItem(DRAFT_STORAGE_KEY);
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as StoredDraft;
    if (typeof draft !== 'object' || draft === null || typeof draft.fields !== 'object') return null;
    return draft;
  } catch {
    return null;
  }
}

export function clearDraft(): void {
  storage()?.removeItem(DRAFT_STORAGE_KEY);
}

/** A draft is worth restoring only if something was typed. */
export function hasContent(draft: StoredDraft): boolean {
  const { tituloUrlManual: _manual, ...texts } = draft.fields;
  const typed = Object.values(texts).some((value) => typeof value === 'string' && value.trim() !== '');
  const blocks = draft.content?.blocks ?? [];
  return typed || blocks.some((block) => block.text.trim() !== '' || block.type === 'atomic');
}
