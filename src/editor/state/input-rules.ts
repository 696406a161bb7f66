import { EditorState, Modifier } from 'draft-js';
import { BLOCK, HEADING_TYPES, INLINE, isListType } from '../schema.js';
import { toggleBlockType } from './block-commands.js';
import { collapsedAt, currentBlock } from './selection.js';

/** Markdown-style shortcuts of spec section 9, typed at the start of a paragraph. */
const BLOCK_RULES: { pattern: RegExp; type: (match: RegExpExecArray) => string }[] = [
  { pattern: /^>$/, type: () => BLOCK.blockquote },
  { pattern: /^1\.$/, type: () => BLOCK.ordered },
  { pattern: /^[-+*]$/, type: () => BLOCK.bullet },
  { pattern: /^(#{1,6})$/, type: (match) => HEADING_TYPES[match[1]!.length - 1]! },
];

/**
 * "**x**" / "__x__" bold, "*x*" / "_x_" italic: checked when the closing marker is typed, and only at
 * word boundaries (not after a letter, digit or marker), so identifiers such as ck__link__combined or
 * snake_case_name stay as typed.
 */
const MARK_RULES = [
  { pattern: /(?:^|[^*_\p{L}\p{N}])(\*\*|__)(?=\S)((?:(?!\1).)*?\S)\1$/u, style: INLINE.bold },
  { pattern: /(?:^|[^*_\p{L}\p{N}])([*_])(?=[^\s*_])((?:(?!\1).)*?[^\s*_])\1$/u, style: INLINE.italic },
];

/** A closing marker typed right before a letter or digit is inside a word, not the end of a mark. */
const WORD_CHARACTER = /^[\p{L}\p{N}]/u;

/** Returns the state after the rule fired, or null to let the character be typed normally. */
export function applyInputRule(state: EditorState, chars: string): EditorState | null {
  const selection = state.getSelection();
  if (!selection.isCollapsed()) return null;
  const block = currentBlock(state);
  if (block.getType() === BLOCK.code) return null;
  const before = block.getText().slice(0, selection.getStartOffset());
  if (chars === ' ' && block.getType() === BLOCK.paragraph) return blockRule(state, before);
  if (chars === '`' && before === '``' && !isListType(block.getType())) return toBlock(state, 2, BLOCK.code);
  if ((chars === '*' || chars === '_') && !WORD_CHARACTER.test(block.getText().slice(selection.getStartOffset()))) {
    return markRule(state, before, chars);
  }
  return null;
}

function blockRule(state: EditorState, before: string): EditorState | null {
  for (const rule of BLOCK_RULES) {
    const match = rule.pattern.exec(before);
    if (match) return toBlock(state, before.length, rule.type(match));
  }
  return null;
}

function toBlock(state: EditorState, prefixLength: number, type: string): EditorState {
  const block = currentBlock(state);
  const prefix = collapsedAt(block.getKey(), 0).merge({ focusOffset: prefixLength });
  const content = Modifier.removeRange(state.getCurrentContent(), prefix, 'backward');
  const trimmed = EditorState.push(state, content, 'remove-range');
  return toggleBlockType(EditorState.forceSelection(trimmed, collapsedAt(block.getKey(), 0)), type);
}

function markRule(state: EditorState, before: string, chars: string): EditorState | null {
  const typed = before + chars;
  for (const rule of MARK_RULES) {
    const match = rule.pattern.exec(typed);
    if (!match) continue;
    const marker = match[1]!;
    const inner = match[2]!;
    const key = currentBlock(state).getKey();
    // Of the closing marker, all but the character being typed is already in the text.
    const innerEnd = before.length - (marker.length - chars.length);
    const innerStart = innerEnd - inner.length;
    const markerStart = innerStart - marker.length;
    const range = (start: number, end: number) => collapsedAt(key, start).merge({ focusOffset: end });
    let content = Modifier.removeRange(state.getCurrentContent(), range(innerEnd, before.length), 'backward');
    content = Modifier.removeRange(content, range(markerStart, innerStart), 'backward');
    content = Modifier.applyInlineStyle(content, range(markerStart, markerStart + inner.length), rule.style);
    const cursor = collapsedAt(key, markerStart + inner.length);
    const next = EditorState.forceSelection(EditorState.push(state, content, 'change-inline-style'), cursor);
    return EditorState.setInlineStyleOverride(next, state.getCurrentInlineStyle().remove(rule.style));
  }
  return null;
}
