import { convertToRaw, type RawDraftContentState } from 'draft-js';
import { htmlToContent } from '../html/import-html.js';

/** The stored HTML of an article as the editor's starting state; loaded on demand with Draft.js. */
export function htmlToRaw(html: string): RawDraftContentState {
  return convertToRaw(htmlToContent(html));
}
