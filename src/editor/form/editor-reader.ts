import type { RawDraftContentState } from 'draft-js';
import type { EditorHandle } from '../ui/rich-text-editor.js';

/**
 * The form's only contact with the editor's handle: the raw state for the browser's copy (cheap),
 * the HTML for the server (the export, scheduled off the typing path) and whether it is empty.
 */
export function readRaw(handle: EditorHandle | null): RawDraftContentState | null {
  return handle?.rawSnapshot().raw ?? null;
}

export function readHtml(handle: EditorHandle | null): string {
  return handle?.exportHtml() ?? '';
}

export function isContentEmpty(handle: EditorHandle | null): boolean {
  return !handle || handle.rawSnapshot().empty;
}
