// @vitest-environment happy-dom
import { EditorState, Modifier } from 'draft-js';
import { describe, expect, it } from 'vitest';
import { embeddedImageFile } from '../../../src/editor/html/embedded-images.js';
import { contentToHtml, isBlankContent } from '../../../src/editor/html/export-html.js';
import { htmlToContent } from '../../../src/editor/html/import-html.js';
import { noticeMessages } from '../../../src/editor/html/import-notices.js';
import { readPastedHtml } from '../../../src/editor/html/paste-html.js';
import { fillPlaceholder, insertImageAt, placeOf } from '../../../src/editor/state/image-place.js';
import { insertFragment } from '../../../src/editor/state/insert-fragment.js';
import { UploadQueue, UPLOAD_MESSAGES } from '../../../src/editor/form/upload-queue.js';

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PNG_URL = `data:image/png;base64,${PNG_BASE64}`;

describe('images pasted or dropped into the text (issue 22)', () => {
  it('a data: image in pasted HTML is kept for upload, with its alt, and not announced as lost; the saved HTML leaves its placeholder out', () => {
    const result = readPastedHtml(`<p>Antes</p><p><img src="${PNG_URL}" alt="Gráfico"></p><p>Depois <img src="data:image/jpeg;base64,/9j/4AAQ" alt=""></p>`);
    expect(contentToHtml(result.content)).toBe('<p>Antes</p><p>Depois </p>');
    expect(noticeMessages(result.notices)).toEqual([]);
    expect(result.embedded.map((image) => image.alt)).toEqual(['Gráfico', '']);
  });

  it('each data: image leaves a placeholder at its own spot: a block between its paragraphs, a character inside its line', () => {
    const result = readPastedHtml(`<p>antes</p><img src="${PNG_URL}"><p>depois <img src="${PNG_URL}" alt="x"> fim</p>`);
    const [first, second] = result.embedded;
    const blocks = result.content.getBlocksAsArray();
    expect(blocks.map((block) => [block.getType(), block.getText()])).toEqual([
      ['unstyled', 'antes'],
      ['atomic', ' '],
      ['unstyled', 'depois \uFFFC fim'],
    ]);
    const entityAt = (blockIndex: number, offset: number) => result.content.getEntity(blocks[blockIndex]!.getEntityAt(offset));
    expect(entityAt(1, 0).getType()).toBe('PENDING_IMAGE');
    expect(entityAt(1, 0).getData()).toEqual({ placeholder: first!.placeholder });
    expect(entityAt(2, 7).getData()).toEqual({ placeholder: second!.placeholder });
    expect(first!.placeholder).not.toBe(second!.placeholder);
    expect(contentToHtml(result.content)).toBe('<p>antes</p><p>depois fim</p>');
    // A placeholder alone is nothing a reader would see: the content is still "obrigatório".
    expect(isBlankContent(readPastedHtml(`<img src="${PNG_URL}">`).content)).toBe(true);
  });

  it('the stored image replaces its placeholder where it stands, wherever the caret is; a refused one leaves nothing', () => {
    const result = readPastedHtml(`<p>antes</p><p style="text-align:center"><img src="${PNG_URL}"></p><p>depois <img src="${PNG_URL}"> fim</p>`);
    const [block, inline] = result.embedded;
    // Pasted at the start of the editor's paragraph, whose text then follows the paste.
    let state = EditorState.createWithContent(htmlToContent('<p>Texto do editor</p>'));
    state = insertFragment(state, result.content.getBlockMap());
    state = EditorState.moveSelectionToEnd(state);
    state = fillPlaceholder(state, block!.placeholder, { src: '/assets/artigos/1/a.png', alt: 'A', width: 40 })!;
    state = fillPlaceholder(state, inline!.placeholder, { src: '/assets/artigos/1/b.png', alt: '' })!;
    expect(contentToHtml(state.getCurrentContent())).toBe(
      '<p>antes</p><p style="text-align:center"><img src="/assets/artigos/1/a.png" alt="A" width="40" /></p><p>depois <img src="/assets/artigos/1/b.png" alt="" /> fimTexto do editor</p>',
    );
    expect(state.getSelection().getAnchorKey()).toBe(state.getCurrentContent().getLastBlock().getKey());
    // Filled once, the placeholder is gone: a second fill finds nothing.
    expect(fillPlaceholder(state, block!.placeholder, { src: '/x.png', alt: '' })).toBeNull();

    const refused = readPastedHtml(`<p>antes</p><img src="${PNG_URL}"><p>x <img src="${PNG_URL}">y</p>`);
    let other = EditorState.createWithContent(refused.content);
    for (const image of refused.embedded) other = fillPlaceholder(other, image.placeholder, null)!;
    expect(other.getCurrentContent().getBlocksAsArray().map((item) => item.getText())).toEqual(['antes', 'x y']);
  });

  it('undoing what was typed while the image was on its way keeps the image: the steps holding its placeholder get it too', () => {
    const result = readPastedHtml(`<p>antes</p><img src="${PNG_URL}"><p>depois</p>`);
    let state = insertFragment(EditorState.createWithContent(htmlToContent('<p></p>')), result.content.getBlockMap());
    state = EditorState.moveSelectionToEnd(state);
    state = EditorState.push(state, Modifier.insertText(state.getCurrentContent(), state.getSelection(), ' e mais'), 'insert-characters');
    state = fillPlaceholder(state, result.embedded[0]!.placeholder, { src: '/assets/artigos/1/a.png', alt: '' })!;
    const image = '<p>antes</p><p><img src="/assets/artigos/1/a.png" alt="" /></p>';
    expect(contentToHtml(state.getCurrentContent())).toBe(`${image}<p>depois e mais</p>`);
    // The fill is no undo step: one undo takes the typing back, the image stays.
    state = EditorState.undo(state);
    expect(contentToHtml(state.getCurrentContent())).toBe(`${image}<p>depois</p>`);
    expect(contentToHtml(EditorState.redo(state).getCurrentContent())).toBe(`${image}<p>depois e mais</p>`);
  });

  it('an image in a pasted table\'s cell is not lost: it goes in a block just after the table (uploaded, or a placeholder asking for another site\'s file), with a notice (issue 34)', () => {
    const result = readPastedHtml(
      '<table><tr><td>Exame</td><td>Imagem</td></tr>' +
        `<tr><td>Raio X <img src="${PNG_URL}" alt="Tórax"> de frente</td><td><p><img src="https://lh7-rt.googleusercontent.com/docsz/AD_4nX.png"></p></td></tr>` +
        '<tr><td><img src="/assets/artigos/1/ecg.png" alt="ECG"></td><td>ECG</td></tr></table><p>Depois</p>',
    );
    const blocks = result.content.getBlocksAsArray();
    const entity = (block: (typeof blocks)[number]) => result.content.getEntity(block.getEntityAt(0));
    expect(blocks.map((block) => block.getType())).toEqual(['atomic', 'atomic', 'atomic', 'atomic', 'unstyled']);
    expect(blocks.slice(0, 4).map((block) => entity(block).getType())).toEqual(['TABLE', 'PENDING_IMAGE', 'PENDING_IMAGE', 'IMAGE']);
    // The data: image is uploaded into its placeholder, as any pasted one; the other site's is never fetched.
    expect(result.embedded.map(({ alt }) => alt)).toEqual(['Tórax']);
    expect(entity(blocks[1]!).getData()).toEqual({ placeholder: result.embedded[0]!.placeholder });
    expect(entity(blocks[2]!).getData()).toMatchObject({ remote: true });
    expect(contentToHtml(result.content)).toBe(
      '<table><tbody><tr><td>Exame</td><td>Imagem</td></tr><tr><td>Raio X de frente</td><td></td></tr><tr><td></td><td>ECG</td></tr></tbody></table>' +
        '<p><img src="/assets/artigos/1/ecg.png" alt="ECG" /></p><p>Depois</p>',
    );
    expect(noticeMessages(result.notices)).toEqual([
      'Uma imagem de outro site não foi copiada: envie o arquivo dela e insira-o no lugar marcado.',
      '3 imagens que estavam em células de tabela foram postas logo depois das tabelas: as células guardam só texto.',
    ]);
    // Stored, the uploaded one stands just after the table.
    let state = insertFragment(EditorState.createWithContent(htmlToContent('<p></p>')), result.content.getBlockMap());
    state = fillPlaceholder(state, result.embedded[0]!.placeholder, { src: '/assets/artigos/1/torax.png', alt: 'Tórax' })!;
    expect(contentToHtml(state.getCurrentContent())).toContain('</table><p><img src="/assets/artigos/1/torax.png" alt="Tórax" /></p><p><img src="/assets/artigos/1/ecg.png"');
    // The HTML switch reads a stored table as written.
    expect(contentToHtml(htmlToContent('<table><tbody><tr><td><img src="/assets/artigos/1/ecg.png" alt="ECG" /></td></tr></tbody></table>'))).toBe(
      '<table><tbody><tr><td><img src="/assets/artigos/1/ecg.png" alt="ECG" /></td></tr></tbody></table>',
    );
  });

  it('a placeholder the editor deleted before the upload was stored gets no image anywhere', () => {
    const result = readPastedHtml(`<p>antes</p><img src="${PNG_URL}"><p>depois</p>`);
    const content = result.content;
    const atomic = content.getBlocksAsArray()[1]!;
    const without = content.merge({ blockMap: content.getBlockMap().delete(atomic.getKey()) }) as typeof content;
    expect(fillPlaceholder(EditorState.createWithContent(without), result.embedded[0]!.placeholder, { src: '/assets/artigos/1/a.png', alt: '' })).toBeNull();
  });

  it('only a paste uploads data: images; the HTML switch still drops them (nothing can be uploaded from there)', () => {
    expect(readPastedHtml(`<p><img src="data:text/html;base64,PGI+">x</p>`).embedded).toEqual([]);
    expect(contentToHtml(htmlToContent(`<p><img src="${PNG_URL}"></p><p>x</p>`))).toBe('<p>x</p>');
  });

  it('a data: image becomes a file with its own bytes and type', async () => {
    const file = embeddedImageFile({ dataUrl: PNG_URL }, 2)!;
    expect(file.name).toBe('imagem-colada-2.png');
    expect(file.type).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(Buffer.from(PNG_BASE64, 'base64'));
    expect(embeddedImageFile({ dataUrl: 'data:image/jpeg;base64,/9j/' }, 1)!.name).toBe('imagem-colada-1.jpg');
    expect(embeddedImageFile({ dataUrl: 'data:image/png;base64,@@' }, 1)).toBeNull();
  });

  it('stored images land where they were pasted, in order, even after typing elsewhere', () => {
    let state = EditorState.createWithContent(htmlToContent('<p>Primeiro parágrafo</p><p>Segundo</p>'));
    const first = state.getCurrentContent().getFirstBlock();
    const pasted = placeOf(state.getSelection().merge({ anchorKey: first.getKey(), focusKey: first.getKey(), anchorOffset: 8, focusOffset: 8 }));
    // The editor typed in the second paragraph meanwhile.
    const second = state.getCurrentContent().getLastBlock();
    state = EditorState.createWithContent(state.getCurrentContent().merge({ blockMap: state.getCurrentContent().getBlockMap().set(second.getKey(), second.set('text', 'Segundo, editado') as typeof second) }) as never);
    const one = insertImageAt(state, pasted, { src: '/assets/artigos/1/a.png', alt: 'A', width: 40 });
    const two = insertImageAt(one.state, one.next, { src: '/assets/artigos/1/b.png', alt: '' });
    expect(contentToHtml(two.state.getCurrentContent())).toBe(
      '<p>Primeiro</p><p><img src="/assets/artigos/1/a.png" alt="A" width="40" /></p><p><img src="/assets/artigos/1/b.png" alt="" /></p><p> parágrafo</p><p>Segundo, editado</p>',
    );
  });

  it('an image whose paragraph was deleted before it was stored goes at the end', () => {
    const state = EditorState.createWithContent(htmlToContent('<p>Só este</p>'));
    const placed = insertImageAt(state, { blockKey: 'sumiu', offset: 3 }, { src: '/assets/artigos/1/a.png', alt: '' });
    expect(contentToHtml(placed.state.getCurrentContent())).toBe('<p>Só este</p><p><img src="/assets/artigos/1/a.png" alt="" /></p>');
  });

  it('a pasted file takes the empty slot at the end, with the same refusal as a chosen one', () => {
    const queue = new UploadQueue(async () => ({ ok: false, status: 500, message: '' }) as never, [], { create: () => 'blob:x', revoke: () => undefined });
    const added = queue.add(new File([new Uint8Array(4)], 'image.png', { type: 'image/png' }));
    expect(added).toEqual({ slotId: 0 });
    expect(queue.snapshot().map((slot) => slot.state.kind)).toEqual(['queued', 'empty']);
    const big = new File([new Uint8Array(10 * 1_048_576 + 1)], 'grande.png', { type: 'image/png' });
    expect(queue.add(big)).toEqual({ refusal: UPLOAD_MESSAGES.tooLarge });
    expect(queue.snapshot()).toHaveLength(2);
  });
});
