import { Editor, type EditorProps } from 'draft-js';

/** The DOM event handlers Draft builds in its constructor and hands to its contenteditable. */
const HANDLERS = [
  '_onBeforeInput', '_onBlur', '_onCharacterData', '_onCompositionEnd', '_onCompositionStart', '_onCopy', '_onCut',
  '_onDragEnd', '_onDragOver', '_onDragStart', '_onDrop', '_onInput', '_onFocus', '_onKeyDown', '_onKeyPress',
  '_onKeyUp', '_onMouseDown', '_onMouseUp', '_onPaste', '_onSelect',
] as const;

/**
 * Draft's editor with its event handlers guarded: an error thrown while handling a key or a paste
 * (Draft's "Got unexpected null or undefined" when its DOM and its state disagree) reaches no error
 * boundary, so it goes to `onHandlerError` instead of being lost in the page while keys do nothing.
 */
export class GuardedEditor extends Editor {
  onHandlerError: ((error: unknown) => void) | null = null;

  constructor(props: EditorProps) {
    super(props);
    const handlers = this as unknown as Record<(typeof HANDLERS)[number], (event: unknown) => void>;
    for (const name of HANDLERS) {
      const handle = handlers[name];
      handlers[name] = (event) => {
        try {
          handle(event);
        } catch (error) {
          if (!this.onHandlerError) throw error;
          this.onHandlerError(error);
        }
      };
    }
  }
}
