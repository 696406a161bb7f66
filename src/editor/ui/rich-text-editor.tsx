import { ContentState, convertFromRaw, EditorState, type DraftHandleValue, type RawDraftContentState } from 'draft-js';
import { flushSync } from 'react-dom';
import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent, type MouseEvent, type Ref } from 'react';
import type { ImageData } from '../entities.js';
import { embeddedImageFile, type EmbeddedImage } from '../html/embedded-images.js';
import { contentToHtml, isBlankContent } from '../html/export-html.js';
import { formatHtml } from '../html/format-html.js';
import { htmlToContent } from '../html/import-html.js';
import { noticeMessages } from '../html/import-notices.js';
import { hasAddress, plainTextToContent, readPastedHtml } from '../html/paste-html.js';
import { rawOf } from '../html/raw-snapshot.js';
import { BLOCK } from '../schema.js';
import { removeSelection, selectedFragment } from '../state/cut-fragment.js';
import { insertFragment, insertPlainText } from '../state/insert-fragment.js';
import { caretAtEnd, returnAfterImage, typeAfterImage, withParagraphAfterLastAtomic } from '../state/image-caret.js';
import { fillPlaceholder, insertImageAt, placeOf, type ImagePlace } from '../state/image-place.js';
import { currentBlock, selectBlock, selectedImageBlock } from '../state/selection.js';
import { activeFormats } from '../state/active-formats.js';
import { applyToolbarAction } from '../state/apply-action.js';
import { applyHistoryPolicy } from '../state/history.js';
import { insertImage, applyLink, removeLink } from '../state/inline-commands.js';
import { applyInputRule } from '../state/input-rules.js';
import { keyBinding, runKeyCommand } from '../state/key-bindings.js';
import { startLinkDialog, type LinkDialogStart } from '../state/link-selection.js';
import { handleReturn } from '../state/return-key.js';
import { dropPlace } from './drop-place.js';
import { EditorErrorBoundary } from './editor-error-boundary.js';
import { GuardedEditor } from './guarded-editor.js';
import { blockRenderer, decorator, ImageSelectionContext, type ImageSelection } from './decorators.js';
import { useTableEditing } from './use-table-editing.js';
import { TableEditingContext } from './table-block.js';
import { HtmlSource } from './html-source.js';
import { ImageDialog, type UploadedImage } from './image-dialog.js';
import { LinkDialog } from './link-dialog.js';
import { blockClassName, colorStyle, STYLE_MAP } from './style-map.js';
import { Toolbar, type ToolbarAction } from './toolbar.js';
import { useListStarts } from './use-list-starts.js';
import { useSelectionHighlight } from './use-selection-highlight.js';

export interface RawSnapshot {
  raw: RawDraftContentState;
  /** Nothing a reader would see (the form's "conteúdo obrigatório"). */
  empty: boolean;
}

/**
 * What the form reads from the editor. The two reads cost differently:
 * - rawSnapshot(): cheap (blocks are encoded once and reused while unchanged); call it on every
 *   local autosave, it is what the browser's draft stores.
 * - exportHtml(): the article HTML exactly as the server stores it; a few milliseconds on a
 *   6,000-word article. Call it when saving, and for a server autosave off the typing path
 *   (for instance in requestIdleCallback after the pause), never on every keystroke.
 */
export interface EditorHandle {
  rawSnapshot(): RawSnapshot;
  exportHtml(): string;
  focus(): void;
  /** Puts a stored image where its file was pasted or dropped; returns the place after it, for the next one. */
  insertImageAt(place: ImagePlace, image: ImageData): ImagePlace;
  /**
   * Replaces a pasted data: image's placeholder with the stored image, or takes it out (null: the file
   * was refused or cancelled); false when the editor had deleted the placeholder (nothing is inserted).
   */
  fillPlaceholder(placeholder: string, image: ImageData | null): boolean;
}

/** An image file the editor received (pasted, dropped, or a data: image inside pasted HTML). */
export interface ReceivedImage {
  file: File;
  alt: string;
  /** A data: image of pasted HTML: the placeholder standing where it was in the pasted content. */
  placeholder?: string;
}

export interface RichTextEditorProps {
  handle: Ref<EditorHandle>;
  initialRaw?: RawDraftContentState | null;
  /** Called after every change of the content, for the draft autosave. */
  onChange: () => void;
  labelId: string;
  errorId?: string;
  /** Images already uploaded for this article: the image dialog offers them. */
  uploadedImages?: UploadedImage[];
  /** Image files pasted or dropped into the text: the form uploads them with the article's files. */
  onImageFiles?: (images: ReceivedImage[], place: ImagePlace) => void;
  /** An error nobody caught, in the editor or the page: the form sends it to the server's log. */
  onError?: (error: unknown) => void;
}

export const EDITOR_FAILED = 'Algo deu errado ao editar; seu texto está guardado.';

const SOURCE_ID = 'conteudo-html';
const TYPED_ON_IMAGE = 'typed-on-image';

/** Parts of Draft's Editor instance that its type definitions leave out. */
interface DraftInternals {
  editor?: HTMLElement;
  getClipboard(): ReturnType<ContentState['getBlockMap']> | null;
  setClipboard(fragment: ReturnType<ContentState['getBlockMap']> | null): void;
  getEditorKey(): string;
}

function initialState(raw?: RawDraftContentState | null): EditorState {
  if (!raw) return EditorState.createEmpty(decorator);
  return withParagraphAfterLastAtomic(EditorState.createWithContent(convertFromRaw(raw), decorator));
}

const isImageFile = (file: Blob): file is File => file instanceof File && file.type.startsWith('image/');

export function RichTextEditor({ handle, initialRaw, onChange, labelId, errorId, uploadedImages = [], onImageFiles, onError }: RichTextEditorProps) {
  const [state, setState] = useState(() => initialState(initialRaw));
  const [source, setSource] = useState<string | null>(null);
  const [dialog, setDialog] = useState<null | 'image' | LinkDialogStart>(null);
  const [announcements, setAnnouncements] = useState<string[]>([]);
  const latest = useRef(state);
  /** The last state on screen, and how many times the editor went back to it after an error. */
  const rendered = useRef(state);
  const [recovery, setRecovery] = useState(0);
  const [failed, setFailed] = useState(false);
  const lastEdit = useRef(0);
  const shownSource = useRef('');
  const editor = useRef<GuardedEditor | null>(null);

  const update = useCallback(
    (next: EditorState) => {
      const previous = latest.current;
      const now = Date.now();
      const changed = previous.getCurrentContent() !== next.getCurrentContent();
      const result = changed ? withParagraphAfterLastAtomic(applyHistoryPolicy(previous, next, now - lastEdit.current)) : next;
      if (changed) lastEdit.current = now;
      latest.current = result;
      // Draft.js expects the DOM to match its state before the event returns (as with legacy roots).
      flushSync(() => setState(result));
      if (changed) onChange();
    },
    [onChange],
  );

  useEffect(() => {
    rendered.current = state;
  }, [state]);

  /**
   * A render or an event handler failed: the editor comes back, with fresh DOM, in the last state it
   * showed, and the browser's copy is written again.
   */
  const recover = (error: unknown) => {
    onError?.(error);
    setFailed(true);
    latest.current = rendered.current;
    setState(rendered.current);
    setRecovery((count) => count + 1);
    onChange();
  };

  const focusEditor = useCallback(() => requestAnimationFrame(() => editor.current?.focus()), []);
  const tables = useTableEditing(latest, update, focusEditor);

  const currentContent = (): ContentState => (source === null ? latest.current.getCurrentContent() : htmlToContent(source));

  useImperativeHandle(handle, () => ({
    rawSnapshot() {
      const content = currentContent();
      return { raw: rawOf(content), empty: isBlankContent(content) };
    },
    exportHtml: () => contentToHtml(currentContent()),
    focus: focusEditor,
    insertImageAt(place, image) {
      const placed = insertImageAt(latest.current, place, image);
      update(placed.state);
      return placed.next;
    },
    fillPlaceholder(placeholder, image) {
      const filled = fillPlaceholder(latest.current, placeholder, image);
      if (filled) update(filled);
      return filled !== null;
    },
  }));

  const surfaceElement = () => (editor.current as unknown as DraftInternals | null)?.editor ?? null;
  useSelectionHighlight(surfaceElement, source === null);
  useListStarts(state.getCurrentContent());

  useEffect(() => {
    const surface = surfaceElement();
    if (!surface) return;
    if (errorId) surface.setAttribute('aria-invalid', 'true');
    else surface.removeAttribute('aria-invalid');
  }, [errorId, source]);

  const selectedImage = selectedImageBlock(state);
  const imageSelection = useMemo<ImageSelection>(
    () => ({
      selectedKey: selectedImage,
      // The DOM caret goes on the image's block first, so the selection Draft reads back on focus agrees.
      select(blockKey, figure) {
        const range = document.createRange();
        range.setStart(figure, 0);
        range.collapse(true);
        window.getSelection()?.removeAllRanges();
        window.getSelection()?.addRange(range);
        const surface = surfaceElement();
        if (surface && document.activeElement !== surface) surface.focus({ preventScroll: true });
        update(selectBlock(latest.current, blockKey));
      },
    }),
    [selectedImage, update],
  );

  const onAction = (action: ToolbarAction) => {
    if (action.kind === 'link') {
      setDialog(startLinkDialog(latest.current));
      return;
    }
    if (action.kind === 'image') {
      setDialog('image');
      return;
    }
    update(applyToolbarAction(latest.current, action));
    focusEditor();
  };

  const toggleSource = () => {
    if (source === null) {
      void formatHtml(contentToHtml(latest.current.getCurrentContent())).then((formatted) => {
        shownSource.current = formatted;
        setSource(formatted);
      });
      return;
    }
    setSource(null);
    // Only an edited source becomes an undo step; looking at the HTML changes nothing.
    if (source !== shownSource.current) update(EditorState.push(latest.current, htmlToContent(source), 'insert-fragment'));
    focusEditor();
  };

  const closeDialog = () => {
    setDialog(null);
    focusEditor();
  };

  const onPaste = (text: string, html: string | undefined, current: EditorState): DraftHandleValue => {
    if (currentBlock(current).getType() === BLOCK.code) {
      update(insertPlainText(current, text));
      return 'handled';
    }
    // A copy made in this editor pastes Draft's own fragment: the clipboard HTML is the browser's
    // rendering of the page, with computed colours baked in, not the document.
    const draft = editor.current as unknown as DraftInternals | null;
    const own = draft?.getClipboard();
    if (own && (html?.includes(`data-editor="${draft!.getEditorKey()}"`) || (own.size === 1 && own.first()?.getText() === text))) {
      update(insertFragment(current, own));
      setAnnouncements([]);
      return 'handled';
    }
    if (html) {
      const result = readPastedHtml(html);
      update(insertFragment(current, result.content.getBlockMap()));
      setAnnouncements(noticeMessages(result.notices));
      receiveEmbedded(result.embedded);
      return 'handled';
    }
    if (!hasAddress(text)) return 'not-handled';
    update(insertFragment(current, plainTextToContent(text).getBlockMap()));
    setAnnouncements([]);
    return 'handled';
  };

  /** The paste's placeholders are in the text: each image's file goes to the form, which fills its placeholder once stored. */
  const receiveEmbedded = (embedded: EmbeddedImage[]) => {
    const images = embedded.flatMap(({ placeholder, alt, dataUrl }, index) => {
      const file = embeddedImageFile({ dataUrl }, index + 1);
      return file ? [{ file, alt, placeholder }] : [];
    });
    if (images.length > 0) onImageFiles?.(images, placeOf(latest.current.getSelection()));
  };

  /** Files from the clipboard (a screenshot, a copied image) replace the selection, as a pasted text would. */
  const onPastedFiles = (files: Blob[]): DraftHandleValue => {
    const images = files.filter(isImageFile);
    if (!onImageFiles || images.length === 0) return 'not-handled';
    const current = latest.current;
    if (!current.getSelection().isCollapsed()) update(removeSelection(current));
    onImageFiles(images.map((file) => ({ file, alt: '' })), placeOf(latest.current.getSelection()));
    return 'handled';
  };

  /**
   * Image files dropped anywhere on the editor's box (toolbar and frame included) go between two
   * blocks, at the boundary nearest the pointer. Draft's own drop handling is skipped for them: it
   * reads a caret from the point and failed silently off the text (startContainer null).
   */
  const onDropCapture = (event: DragEvent<HTMLDivElement>) => {
    const images = [...(event.dataTransfer?.files ?? [])].filter(isImageFile);
    const surface = surfaceElement();
    if (!onImageFiles || images.length === 0 || !surface) return;
    event.preventDefault();
    event.stopPropagation();
    const place = dropPlace(surface, latest.current.getCurrentContent(), { x: event.clientX, y: event.clientY });
    onImageFiles(images.map((file) => ({ file, alt: '' })), place);
  };

  /** The browser only lets a drop happen where a dragover said so: files may land anywhere on the box. */
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (onImageFiles && event.dataTransfer?.types.includes('Files')) event.preventDefault();
  };

  /** A click on the empty space below the last block puts the caret after it (after an image: in a new paragraph). */
  const onSurfaceMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    const surface = surfaceElement();
    const last = [...(surface?.querySelectorAll<HTMLElement>('[data-block="true"]') ?? [])].at(-1);
    if (!surface || !last || event.button !== 0 || event.clientY <= last.getBoundingClientRect().bottom) return;
    event.preventDefault();
    surface.focus({ preventScroll: true });
    update(caretAtEnd(latest.current));
  };

  /**
   * Cut is done here rather than by Draft: Draft lets the browser delete the selected DOM and then
   * re-renders, which React 18 cannot reconcile (the next key press threw "removeChild"). The
   * fragment goes to Draft's internal clipboard, and the system clipboard gets the article HTML.
   */
  const onCut = (event: ClipboardEvent<HTMLDivElement>) => {
    const current = latest.current;
    const draft = editor.current as unknown as DraftInternals | null;
    if (!draft || tables.readOnly || current.getSelection().isCollapsed()) return;
    event.preventDefault();
    event.stopPropagation();
    const fragment = selectedFragment(current);
    draft.setClipboard(fragment);
    const blocks = fragment.toArray();
    const html = contentToHtml(ContentState.createFromBlockArray(blocks, current.getCurrentContent().getEntityMap()));
    event.clipboardData.setData('text/plain', blocks.map((block) => block.getText()).join('\n'));
    event.clipboardData.setData('text/html', `<div data-editor="${draft.getEditorKey()}">${html}</div>`);
    update(removeSelection(current));
  };

  /**
   * A key typed while an image is selected: the browser's caret sits in the image's figure, which is
   * not editable, so no input event ever comes; the key itself is the text, typed after the image.
   */
  const typedOnImage = useRef('');
  const onKeyBinding = (event: KeyboardEvent<HTMLElement>) => {
    const printable = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (printable && selectedImageBlock(latest.current)) {
      typedOnImage.current = event.key;
      return TYPED_ON_IMAGE;
    }
    return keyBinding(event, latest.current);
  };

  const handled = (next: EditorState | null): DraftHandleValue => {
    if (!next) return 'not-handled';
    update(next);
    return 'handled';
  };

  const describedBy = [errorId, '{{editor_id_placeholder}}'].filter(Boolean).join(' ');

  return (
    <div className={`rte${errorId ? ' rte-invalid' : ''}`} onDropCapture={onDropCapture} onDragOver={onDragOver}>
      <div className="rte-bar">
        <Toolbar active={activeFormats(state)} disabled={source !== null} onAction={onAction} />
        <button type="button" role="switch" aria-checked={source !== null} className="rte-switch" onClick={toggleSource}>
          <span className="rte-switch-track" aria-hidden="true" />
          HTML
        </button>
      </div>
      {source === null ? (
        <ImageSelectionContext.Provider value={imageSelection}>
          <TableEditingContext.Provider value={tables.context}>
            <div className="rte-surface" onCutCapture={onCut} onMouseDown={onSurfaceMouseDown}>
              <EditorErrorBoundary recovery={recovery} onError={recover}>
              <GuardedEditor
                ref={(instance) => {
                  editor.current = instance;
                  if (instance) instance.onHandlerError = recover;
                }}
                editorState={state}
                readOnly={tables.readOnly}
                onChange={update}
                placeholder="Digite aqui..."
                ariaLabelledBy={labelId}
                ariaDescribedBy={describedBy}
                ariaMultiline
                spellCheck
                customStyleMap={STYLE_MAP}
                customStyleFn={colorStyle}
                blockStyleFn={blockClassName}
                blockRendererFn={blockRenderer}
                keyBindingFn={onKeyBinding}
                handleKeyCommand={(command, current) => {
                  if (command === TYPED_ON_IMAGE) return handled(typeAfterImage(current, typedOnImage.current));
                  if (command === 'open-link') {
                    setDialog(startLinkDialog(current));
                    return 'handled';
                  }
                  return handled(runKeyCommand(command, current));
                }}
                handleBeforeInput={(chars, current) => handled(typeAfterImage(current, chars) ?? applyInputRule(current, chars))}
                handleReturn={(event, current) => handled(returnAfterImage(current) ?? handleReturn(current, event.shiftKey))}
                handlePastedText={onPaste}
                handlePastedFiles={onPastedFiles}
              />
              </EditorErrorBoundary>
            </div>
          </TableEditingContext.Provider>
        </ImageSelectionContext.Provider>
      ) : (
        <HtmlSource
          id={SOURCE_ID}
          value={source}
          onChange={(value) => {
            setSource(value);
            onChange();
          }}
          labelledBy={labelId}
        />
      )}
      {failed && (
        <p className="rte-failed" role="alert">
          {EDITOR_FAILED}
        </p>
      )}
      <div className="rte-announcements" role="status" aria-live="polite">
        {announcements.map((message) => (
          <p key={message} className="rte-announcement">
            {message}
          </p>
        ))}
      </div>
      {dialog === 'image' && (
        <ImageDialog
          uploaded={uploadedImages}
          onClose={closeDialog}
          onSave={(image) => {
            setDialog(null);
            update(insertImage(latest.current, image));
            focusEditor();
          }}
        />
      )}
      {dialog && dialog !== 'image' && (
        <LinkDialog
          initial={dialog}
          onClose={closeDialog}
          onRemove={
            dialog.editing
              ? () => {
                  setDialog(null);
                  update(removeLink(dialog.state));
                  focusEditor();
                }
              : undefined
          }
          onSave={(link, text) => {
            setDialog(null);
            update(applyLink(dialog.state, link, text));
            focusEditor();
          }}
        />
      )}
    </div>
  );
}
