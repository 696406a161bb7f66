import { useMemo, type ComponentType } from 'react';
import type { ImagePlace } from '../state/image-place.js';
import type { ReceivedImage, RichTextEditorProps } from '../ui/rich-text-editor.js';
import type { EditorSession } from './article-form-state.js';
import { FIELD_IDS } from './fields.js';

const CONTENT_LABEL_ID = 'artigo-conteudo-rotulo';

interface ContentFieldProps {
  /** Draft.js, once loaded in the browser. */
  Editor: ComponentType<RichTextEditorProps> | null;
  session: EditorSession | null;
  handle: RichTextEditorProps['handle'];
  onChange: () => void;
  error: string | undefined;
  uploadedImages: RichTextEditorProps['uploadedImages'];
  onImageFiles: (images: ReceivedImage[], place: ImagePlace) => void;
  onError: (error: unknown) => void;
}

/** "Conteúdo": the rich text editor (a placeholder until it is loaded), with its error. */
export function ContentField({ Editor, session, handle, onChange, error, uploadedImages, onImageFiles, onError }: ContentFieldProps) {
  const errorId = error ? `${FIELD_IDS.conteudo}-erro` : undefined;
  // Typing in the form's fields re-renders the form, never the editor (6,000 words stay smooth).
  const editor = useMemo(
    () =>
      Editor && session ? (
        <Editor
          key={session.key}
          handle={handle}
          initialRaw={session.raw}
          onChange={onChange}
          labelId={CONTENT_LABEL_ID}
          errorId={errorId}
          uploadedImages={uploadedImages}
          onImageFiles={onImageFiles}
          onError={onError}
        />
      ) : (
        <div className="rte-loading" id={FIELD_IDS.conteudo}>
          Carregando o editor…
        </div>
      ),
    [Editor, session, handle, onChange, errorId, uploadedImages, onImageFiles, onError],
  );
  return (
    <div className={`field field-editor${error ? ' field-invalid' : ''}`}>
      <span id={CONTENT_LABEL_ID} className="field-label">
        Conteúdo<span className="required-mark" aria-hidden="true"> *</span>
      </span>
      {editor}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
