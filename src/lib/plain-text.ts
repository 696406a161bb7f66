/**
 * Titles, descriptions, keywords and captions are plain text: any printable character is fine (they are
 * escaped when rendered), but invisible control characters and bidi overrides are never honest. Text
 * fields holding them are refused; article HTML, pasted from anywhere, has them removed.
 */

/** C0 controls except tab and line breaks, DEL, C1 controls, and bidirectional overrides/isolates. */
// eslint-disable-next-line no-control-regex -- the control characters are what this finds
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const EVERY_CONTROL = new RegExp(CONTROL.source, 'g');
const LINE_BREAK = /[\r\n]/;
/** Percent-encoded control characters, as used to smuggle line breaks into URLs and headers. */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;

export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value);
}

/** The text with every such character removed. */
export function withoutControlCharacters(value: string): string {
  return value.replace(EVERY_CONTROL, '');
}

/** For text that ends up in a URL: no control character, no line break, not even percent-encoded. */
export function isUrlSafeText(value: string): boolean {
  return !CONTROL.test(value) && !LINE_BREAK.test(value) && !ENCODED_CONTROL.test(value);
}
