// @vitest-environment happy-dom
import { EditorState, Modifier, SelectionState, type ContentState } from 'draft-js';
import { describe, expect, it } from 'vitest';
import { contentToHtml } from '../../../src/editor/html/export-html.js';
import { htmlToContent } from '../../../src/editor/html/import-html.js';
import { changeIndent, setAlignment, toggleBlockType } from '../../../src/editor/state/block-commands.js';
import { applyHistoryPolicy } from '../../../src/editor/state/history.js';
import { applyLink, clearFormatting, insertImage, insertRule, setColor, toggleMark } from '../../../src/editor/state/inline-commands.js';
import { applyInputRule } from '../../../src/editor/state/input-rules.js';
import { runKeyCommand } from '../../../src/editor/state/key-bindings.js';
import { handleReturn } from '../../../src/editor/state/return-key.js';
import { activeFormats } from '../../../src/editor/state/active-formats.js';
import { applyToolbarAction } from '../../../src/editor/state/apply-action.js';
import { selectBlock, selectedImageBlock } from '../../../src/editor/state/selection.js';

function stateOf(html: string): EditorState {
  return EditorState.createWithContent(htmlToContent(html));
}

function select(state: EditorState, start: number, end = start, blockIndex = 0): EditorState {
  const block = state.getCurrentContent().getBlocksAsArray()[blockIndex]!;
  const selection = SelectionState.createEmpty(block.getKey()).merge({ anchorOffset: start, focusOffset: end, hasFocus: true });
  return EditorState.forceSelection(state, selection);
}

/** Types text the way the editor does: each character through the input rules, else inserted. */
function type(state: EditorState, text: string): EditorState {
  let current = state;
  for (const char of text) {
    current = applyInputRule(current, char) ?? EditorState.push(current, insert(current, char), 'insert-characters');
  }
  return current;
}

function insert(state: EditorState, char: string): ContentState {
  return Modifier.insertText(state.getCurrentContent(), state.getSelection(), char, state.getCurrentInlineStyle());
}

const html = (state: EditorState) => contentToHtml(state.getCurrentContent());
const empty = () => select(EditorState.createEmpty(), 0);

describe('markdown input rules (spec section 9)', () => {
  it.each([
    ['> ', 'blockquote'],
    ['1. ', 'ordered-list-item'],
    ['- ', 'unordered-list-item'],
    ['+ ', 'unordered-list-item'],
    ['* ', 'unordered-list-item'],
    ['# ', 'header-one'],
    ['## ', 'header-two'],
    ['### ', 'header-three'],
    ['#### ', 'header-four'],
    ['##### ', 'header-five'],
    ['###### ', 'header-six'],
    ['```', 'code-block'],
  ])('"%s" at the start of a paragraph makes a %s and disappears', (prefix, blockType) => {
    const state = type(empty(), prefix);
    const block = state.getCurrentContent().getFirstBlock();
    expect(block.getType()).toBe(blockType);
    expect(block.getText()).toBe('');
  });

  it('leaves "#######" and a prefix in the middle of text alone', () => {
    expect(type(empty(), '####### x').getCurrentContent().getFirstBlock().getType()).toBe('unstyled');
    expect(html(type(empty(), 'a - b'))).toBe('<p>a - b</p>');
  });

  it.each([
    ['**forte** x', '<p><strong>forte</strong> x</p>'],
    ['__forte__ x', '<p><strong>forte</strong> x</p>'],
    ['*leve* x', '<p><em>leve</em> x</p>'],
    ['_leve_ x', '<p><em>leve</em> x</p>'],
    ['a snake_case_name', '<p>a snake_case_name</p>'],
    ['2 * 3 * 4', '<p>2 * 3 * 4</p>'],
    // Issue 22: an identifier in prose (seen in a real clipboard's text) stays as typed.
    ['ck__link__combined', '<p>ck__link__combined</p>'],
    ['ck**link**combined', '<p>ck**link**combined</p>'],
    ['x*y*z e a_b_c', '<p>x*y*z e a_b_c</p>'],
    ['(**forte**) e "_leve_"', '<p>(<strong>forte</strong>) e "<em>leve</em>"</p>'],
  ])('%s', (typed, expected) => {
    expect(html(type(empty(), typed))).toBe(expected);
  });

  it('leaves a closing marker typed right before a letter as typed: it is inside a word', () => {
    expect(html(type(select(stateOf('<p>fim</p>'), 0), '**meio**'))).toBe('<p>**meio**fim</p>');
    expect(html(type(select(stateOf('<p>fim</p>'), 0), '_meio_'))).toBe('<p>_meio_fim</p>');
    expect(html(type(select(stateOf('<p>, fim</p>'), 0), '**meio**'))).toBe('<p><strong>meio</strong>, fim</p>');
  });

  it('does not apply rules inside a code block', () => {
    const code = type(empty(), '```');
    expect(html(type(code, '**x** # y'))).toBe('<pre><code>**x** # y</code></pre>');
  });
});

describe('keyboard commands', () => {
  const word = () => select(stateOf('<p>palavra</p>'), 0, 7);
  it.each([
    ['bold', '<p><strong>palavra</strong></p>'],
    ['italic', '<p><em>palavra</em></p>'],
    ['underline', '<p><u>palavra</u></p>'],
    ['code', '<p><code>palavra</code></p>'],
  ])('%s toggles its mark on the selection', (command, expected) => {
    const on = runKeyCommand(command, word())!;
    expect(html(on)).toBe(expected);
    expect(html(runKeyCommand(command, on)!)).toBe('<p>palavra</p>');
  });

  it('undo and redo walk the history', () => {
    const bold = runKeyCommand('bold', word())!;
    const undone = runKeyCommand('undo', bold)!;
    expect(html(undone)).toBe('<p>palavra</p>');
    expect(html(runKeyCommand('redo', undone)!)).toBe('<p><strong>palavra</strong></p>');
  });

  it('list-deeper and list-shallower change a list item level between 0 and 4', () => {
    let state = select(stateOf('<ul><li>a</li><li>b</li></ul>'), 0, 0, 1);
    for (let step = 0; step < 6; step++) state = runKeyCommand('list-deeper', state)!;
    expect(state.getCurrentContent().getBlocksAsArray()[1]!.getDepth()).toBe(4);
    state = runKeyCommand('list-shallower', state)!;
    expect(state.getCurrentContent().getBlocksAsArray()[1]!.getDepth()).toBe(3);
    for (let step = 0; step < 3; step++) state = runKeyCommand('list-shallower', state)!;
    expect(html(state)).toBe('<ul><li>a</li><li>b</li></ul>');
  });
});

describe('toolbar commands', () => {
  it('superscript and subscript exclude each other', () => {
    const sup = toggleMark(select(stateOf('<p>x2</p>'), 1, 2), 'SUPERSCRIPT');
    expect(html(sup)).toBe('<p>x<sup>2</sup></p>');
    expect(html(toggleMark(sup, 'SUBSCRIPT'))).toBe('<p>x<sub>2</sub></p>');
  });

  it('a formatted line turned into a code block holds plain text only', () => {
    const line = select(stateOf('<p><strong>negrito</strong> e <a href="https://a.com">link</a></p>'), 3);
    const code = toggleBlockType(line, 'code-block');
    expect(html(code)).toBe('<pre><code>negrito e link</code></pre>');
    expect(code.getCurrentContent().getFirstBlock().getCharacterList().every((character) => character!.getStyle().isEmpty() && !character!.getEntity())).toBe(true);
  });

  it('marks never enter a code block', () => {
    const code = select(stateOf('<pre><code>abc</code></pre>'), 0, 3);
    expect(html(toggleMark(code, 'BOLD'))).toBe('<pre><code>abc</code></pre>');
  });

  it('sets, replaces and removes colours', () => {
    const red = setColor(select(stateOf('<p>cor</p>'), 0, 3), 'COLOR-', '#ff0000');
    expect(html(red)).toBe('<p><span style="color:#ff0000">cor</span></p>');
    const blue = setColor(red, 'COLOR-', '#0000ff');
    expect(html(blue)).toBe('<p><span style="color:#0000ff">cor</span></p>');
    const marked = setColor(blue, 'BG-', '#ffff00');
    expect(html(marked)).toBe('<p><span style="color:#0000ff"><span style="background-color:#ffff00">cor</span></span></p>');
    expect(html(setColor(setColor(marked, 'COLOR-', null), 'BG-', null))).toBe('<p>cor</p>');
  });

  it('aligns paragraphs and headings; left is the default and writes nothing', () => {
    const centred = setAlignment(select(stateOf('<h2>t</h2>'), 0), 'center');
    expect(html(centred)).toBe('<h2 style="text-align:center">t</h2>');
    expect(activeFormats(centred).align).toBe('center');
    expect(html(setAlignment(centred, 'left'))).toBe('<h2>t</h2>');
  });

  it('aligns a clicked image as the HTML switch and pastes write it, with the pressed state', () => {
    const inserted = insertImage(select(stateOf('<p>a</p>'), 1), { src: '/assets/artigos/1/a.png', alt: 'A', width: 300 });
    const imageKey = inserted.getCurrentContent().getBlocksAsArray()[1]!.getKey();
    expect(selectedImageBlock(inserted)).toBeNull();
    const clicked = selectBlock(inserted, imageKey);
    expect(selectedImageBlock(clicked)).toBe(imageKey);
    expect(activeFormats(clicked).align).toBe('left');
    const centred = applyToolbarAction(clicked, { kind: 'align', align: 'center' });
    // The blank paragraph the cursor moves to after the image is left out of the saved HTML.
    const expected = '<p>a</p><p style="text-align:center"><img src="/assets/artigos/1/a.png" alt="A" width="300" /></p>';
    expect(html(centred)).toBe(expected);
    expect(html(EditorState.createWithContent(htmlToContent(expected)))).toBe(expected);
    expect(activeFormats(centred).align).toBe('center');
    expect(selectedImageBlock(centred)).toBe(imageKey);
    const right = applyToolbarAction(centred, { kind: 'align', align: 'right' });
    expect(html(right)).toBe(expected.replace('center', 'right'));
    expect(html(applyToolbarAction(right, { kind: 'align', align: 'left' }))).toBe(expected.replace(' style="text-align:center"', ''));
  });

  it('indents paragraphs, headings and quotes 40 px per level, from 0 to 10', () => {
    let state = select(stateOf('<blockquote>q</blockquote>'), 0);
    state = changeIndent(state, 1);
    expect(html(state)).toBe('<blockquote style="margin-left:40px">q</blockquote>');
    for (let step = 0; step < 15; step++) state = changeIndent(state, 1);
    expect(html(state)).toBe('<blockquote style="margin-left:400px">q</blockquote>');
    for (let step = 0; step < 15; step++) state = changeIndent(state, -1);
    expect(html(state)).toBe('<blockquote>q</blockquote>');
  });

  it('turning a block into code drops its marks and links; into a quote drops its alignment', () => {
    const marked = select(stateOf('<p style="text-align:right"><strong>a</strong> <a href="https://a.com">b</a></p>'), 0);
    expect(html(toggleBlockType(marked, 'code-block'))).toBe('<pre><code>a b</code></pre>');
    expect(html(toggleBlockType(marked, 'blockquote'))).toBe('<blockquote><strong>a</strong> <a href="https://a.com" rel="noopener noreferrer">b</a></blockquote>');
  });

  it('clear formatting removes marks, colours and links but keeps the block', () => {
    const state = select(stateOf('<h3><span style="color:#ff0000"><strong>a</strong></span><a href="https://a.com">b</a></h3>'), 0, 2);
    expect(html(clearFormatting(state))).toBe('<h3>ab</h3>');
  });

  it('links replace the selection with the link text; new tab by default in the dialog', () => {
    const state = select(stateOf('<p>veja aqui</p>'), 5, 9);
    const linked = applyLink(state, { href: 'https://exemplo.com', target: '_blank' }, 'este site');
    expect(html(linked)).toBe('<p>veja <a href="https://exemplo.com" target="_blank" rel="noopener noreferrer">este site</a></p>');
    expect(activeFormats(select(linked, 7)).link).toBe(true);
  });

  it('inserts images and horizontal rules as their own blocks', () => {
    const state = select(stateOf('<p>a</p>'), 1);
    const withImage = insertImage(state, { src: '/assets/artigos/1/a.png', alt: 'A', width: 300 });
    // Each is followed by a blank paragraph for the cursor, which the saved HTML leaves out.
    expect(withImage.getCurrentContent().getLastBlock().getText()).toBe('');
    expect(html(withImage)).toBe('<p>a</p><p><img src="/assets/artigos/1/a.png" alt="A" width="300" /></p>');
    expect(html(insertRule(state))).toBe('<p>a</p><hr />');
  });
});

describe('Enter', () => {
  it('adds a line inside a code block and leaves it on a blank last line', () => {
    let state = select(stateOf('<pre><code>a</code></pre>'), 1);
    state = handleReturn(state, false)!;
    expect(state.getCurrentContent().getFirstBlock().getText()).toBe('a\n');
    state = handleReturn(state, false)!;
    expect(state.getCurrentContent().getLastBlock().getType()).toBe('unstyled');
    expect(html(state)).toBe('<pre><code>a</code></pre>');
  });

  it('starts a paragraph after a heading and lifts an empty list item out of the list', () => {
    const heading = handleReturn(select(stateOf('<h1>t</h1>'), 1), false)!;
    expect(heading.getCurrentContent().getLastBlock().getType()).toBe('unstyled');
    const item = handleReturn(select(stateOf('<ul><li></li></ul>'), 0), false)!;
    expect(item.getCurrentContent().getFirstBlock().getType()).toBe('unstyled');
  });
});

describe('undo history', () => {
  const typed = (state: EditorState, char: string) =>
    EditorState.push(state, insert(state, char), 'insert-characters');

  it('groups typing into one step, and starts a new step after a pause over 500 ms', () => {
    const start = empty();
    let state = applyHistoryPolicy(start, typed(start, 'a'), 10_000);
    state = applyHistoryPolicy(state, typed(state, 'b'), 100);
    expect(state.getUndoStack().size).toBe(1);
    state = applyHistoryPolicy(state, typed(state, 'c'), 600);
    expect(state.getUndoStack().size).toBe(2);
    expect(EditorState.undo(state).getCurrentContent().getPlainText()).toBe('ab');
  });

  it('keeps at most 100 steps', () => {
    let state = empty();
    for (let step = 0; step < 130; step++) state = applyHistoryPolicy(state, typed(state, 'x'), 1_000);
    expect(state.getUndoStack().size).toBe(100);
  });
});
