import {
  convertFromRaw,
  convertToRaw,
  Editor,
  EditorState,
  Modifier,
  type DraftHandleValue,
  type RawDraftContentState,
} from 'draft-js';
import { flushSync } from 'react-dom';
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { contentToHtml } from '../html/export-html.js';
import { formatHtml } from '../html/format-html.js';
import { htmlToContent } from '../html/import-html.js';
import { activeFormats } from '../state/active-formats.js';
import { applyToolbarAction } from '../state/apply-action.js';
import { applyHistoryPolicy } from '../state/history.js';
import { insertImage, applyLink, removeLink } from '../state/inline-commands.js';
import { applyInputRule } from '../state/input-rules.js';
import { keyBinding, runKeyCommand } from '../state/key-bindings.js';
import { startLinkDialog, type LinkDialogStart } from '../state/link-selection.js';
import { handleReturn } from '../state/return-key.js';
import { blockRenderer, decorator } from './decorators.js';
import { HtmlSource } from './html-source.js';
import { ImageDialog } from './image-dialog.js';
import { LinkDialog } from './link-dialog.js';
import { blockClassName, colorStyle, STYLE_MAP } from './style-map.js';
import { Toolbar, type ToolbarAction } from './toolbar.js';

export interface EditorSnapshot {
  html: string;
  raw: RawDraftContentState;
  empty: boolean;
}

export interface EditorHandle {
  snapshot(): EditorSnapshot;
  focus(): void;
}

export interface RichTextEditorProps {
  handle: Ref<EditorHandle>;
  initialRaw?: RawDraftContentState | null;
  /** Called after every change of the content, for the draft autosave. */
  onChange: () => void;
  labelId: string;
  errorId?: string;
}

const SOURCE_ID = 'conteudo-html';

function initialState(raw?: RawDraftContentState | null): EditorState {
  if (!raw) return EditorState.createEmpty(decorator);
  return EditorState.createWithContent(convertFromRaw(raw), decorator);
}

export function RichTextEditor({ handle, initialRaw, onChange, labelId, errorId }: RichTextEditorProps) {
  const [state, setState] = useState(() => initialState(initialRaw));
  const [source, setSource] = useState<string | null>(null);
  const [dialog, setDialog] = useState<null | 'image' | LinkDialogStart>(null);
  const latest = useRef(state);
  const lastEdit = useRef(0);
  const shownSource = useRef('');
  const editor = useRef<Editor>(null);

  const update = useCallback(
    (next: EditorState) => {
      const previous = latest.current;
      const now = Date.now();
      const changed = previous.getCurrentContent() !== next.getCurrentContent();
      const result = changed ? applyHistoryPolicy(previous, next, now - lastEdit.current) : next;
      if (changed) lastEdit.current = now;
      latest.current = result;
      // Draft.js expects the DOM to match its state before the event returns (as with legacy roots).
      flushSync(() => setState(result));
      if (changed) onChange();
    },
    [onChange],
  );

  const focusEditor = () => requestAnimationFrame(() => editor.current?.focus());

  useImperativeHandle(handle, () => ({
    snapshot() {
      const content = source === null ? latest.current.getCurrentContent() : htmlToContent(source);
      const html = contentToHtml(content);
      return { html, raw: convertToRaw(content), empty: html === '' };
    },
    focus: focusEditor,
  }));

  useEffect(() => {
    const surface = (editor.current as unknown as { editor?: HTMLElement } | null)?.editor;
    if (!surface) return;
    if (errorId) surface.setAttribute('aria-invalid', 'true');
    else surface.removeAttribute('aria-invalid');
  }, [errorId, source]);

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

  const onPaste = (_text: string, html: string | undefined, current: EditorState): DraftHandleValue => {
    if (!html) return 'not-handled';
    const fragment = htmlToContent(html).getBlockMap();
    const content = Modifier.replaceWithFragment(current.getCurrentContent(), current.getSelection(), fragment);
    update(EditorState.push(current, content, 'insert-fragment'));
    return 'handled';
  };

  const handled = (next: EditorState | null): DraftHandleValue => {
    if (!next) return 'not-handled';
    update(next);
    return 'handled';
  };

  const describedBy = [errorId, '{{editor_id_placeholder}}'].filter(Boolean).join(' ');

  return (
    <div className={`rte${errorId ? ' rte-invalid' : ''}`}>
      <div className="rte-bar">
        <Toolbar active={activeFormats(state)} disabled={source !== null} onAction={onAction} />
        <button type="button" role="switch" aria-checked={source !== null} className="rte-switch" onClick={toggleSource}>
          <span className="rte-switch-track" aria-hidden="true" />
          HTML
        </button>
      </div>
      {source === null ? (
        <div className="rte-surface">
          <Editor
            ref={editor}
            editorState={state}
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
            keyBindingFn={(event) => keyBinding(event, latest.current)}
            handleKeyCommand={(command, current) => {
              if (command === 'open-link') {
                setDialog(startLinkDialog(current));
                return 'handled';
              }
              return handled(runKeyCommand(command, current));
            }}
            handleBeforeInput={(chars, current) => handled(applyInputRule(current, chars))}
            handleReturn={(event, current) => handled(handleReturn(current, event.shiftKey))}
            handlePastedText={onPaste}
          />
        </div>
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
      {dialog === 'image' && (
        <ImageDialog
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
