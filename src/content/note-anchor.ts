import { articleText } from './html-text.js';
import type { NoteAnchor } from '../db/note-store.js';

/** Whitespace as a selection and the text compare it: any run is one space. */
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The body's text as a quote is looked for in it: paragraphs, headings and list items one after the
 * other, whitespace collapsed, so that a passage selected across two paragraphs is found too.
 */
export const noteText = (html: string) => collapse(articleText(html).replace(/\n/g, ' '));

/** Where `quote` first stands in the body `html`, or null when it is not there (or empty). */
export function locateQuote(html: string, quote: string): NoteAnchor | null {
  const trecho = collapse(quote);
  if (!trecho) return null;
  const inicio = noteText(html).indexOf(trecho);
  return inicio < 0 ? null : { trecho, inicio, fim: inicio + trecho.length };
}

/** Whether the body no longer has the quoted passage (it was edited or removed since the note). */
export const quoteChanged = (text: string, anchor: NoteAnchor) => !text.includes(anchor.trecho);
