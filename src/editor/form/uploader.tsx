import { useId, useRef, useState, type DragEvent } from 'react';
import type { ArticleImage, UploadSlot } from './upload-queue.js';

interface UploaderProps {
  slots: UploadSlot[];
  disabled: boolean;
  onChoose: (slotId: number, file: File) => void;
  onCancel: (slotId: number) => void;
  onRetry: (slotId: number) => void;
  onSize: (slotId: number, size: { width: number; height: number }) => void;
  /** A chosen file not yet sent is offered too: its name and decoded size fill the fields, and follow the name the server saves it under. */
  onUseAsMain: (image: Pick<ArticleImage, 'nome' | 'width' | 'height'>) => void;
  /** Files dropped on the list: each takes a slot as if chosen. */
  onDropFiles: (files: File[]) => void;
}

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

const pixels = (size: UploadSlot['size']) => (size ? `${size.width} × ${size.height} px` : '');

/**
 * Spec section 4 with issue 9: each slot starts as a button; a chosen file shows its thumbnail, its
 * pixel size, its upload progress, then either the saved image (with "Usar como imagem principal")
 * or the server's refusal with the file kept for a retry.
 */
export function Uploader(props: UploaderProps) {
  const [over, setOver] = useState(false);
  const accept = (event: DragEvent) => {
    if (props.disabled || !carriesFiles(event)) return false;
    event.preventDefault();
    return true;
  };
  return (
    <div
      className={`uploader-drop${over ? ' uploader-over' : ''}`}
      onDragOver={(event) => {
        if (accept(event)) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        if (!accept(event)) return;
        const files = Array.from(event.dataTransfer.files);
        if (files.length > 0) props.onDropFiles(files);
      }}
    >
      <ul className="uploader">
        {props.slots.map((slot) => (
          <li key={slot.id} className={`upload-slot upload-${slot.state.kind}`}>
            {slot.state.kind === 'empty' ? <FilePicker slotId={slot.id} disabled={props.disabled} onChoose={props.onChoose} /> : <ChosenFile slot={slot} {...props} />}
          </li>
        ))}
      </ul>
      <p className="upload-hint">Também dá para arrastar imagens para cá, ou colá-las e soltá-las no texto: entram onde foram coladas depois de enviadas.</p>
    </div>
  );
}

function FilePicker({ slotId, disabled, onChoose }: { slotId: number; disabled: boolean; onChoose: UploaderProps['onChoose'] }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        className="visually-hidden-input"
        type="file"
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onChoose(slotId, file);
        }}
      />
      <button type="button" className="button button-secondary button-small" disabled={disabled} onClick={() => input.current?.click()}>
        Selecionar arquivo
      </button>
    </>
  );
}

function ChosenFile({ slot, disabled, onCancel, onRetry, onSize, onUseAsMain }: UploaderProps & { slot: UploadSlot }) {
  const nameId = useId();
  const { state } = slot;
  return (
    <>
      {slot.previewUrl && (
        <img
          className="upload-thumb"
          src={slot.previewUrl}
          alt={`Miniatura de ${slot.name}`}
          width={64}
          height={64}
          onLoad={(event) => {
            // The browser decodes the photo upright (EXIF orientation), as the server will save it.
            const image = event.currentTarget;
            if (state.kind !== 'uploaded' && image.naturalWidth > 0) onSize(slot.id, { width: image.naturalWidth, height: image.naturalHeight });
          }}
        />
      )}
      <div className="upload-info">
        <span id={nameId} className="upload-name">
          {slot.name}
        </span>
        {slot.size && <span className="upload-size">{pixels(slot.size)}</span>}
        {state.kind === 'queued' && <span className="upload-note">Será enviado ao salvar.</span>}
        {state.kind === 'uploading' && (
          <span className="upload-progress">
            <progress max={1} value={state.fraction} aria-labelledby={nameId} />
            <span aria-hidden="true">{Math.round(state.fraction * 100)} %</span>
          </span>
        )}
        {state.kind === 'uploaded' && <span className="upload-note upload-done">Enviado.</span>}
        {state.kind === 'failed' && <span className="upload-refusal">{state.message}</span>}
      </div>
      <div className="upload-actions">
        {(state.kind === 'uploaded' || slot.size) && (
          <button
            type="button"
            className="button button-secondary button-small"
            aria-describedby={nameId}
            onClick={() => onUseAsMain(state.kind === 'uploaded' ? state.image : { nome: slot.name, ...slot.size! })}
          >
            Usar como imagem principal
          </button>
        )}
        {state.kind === 'failed' && (
          <button type="button" className="button button-secondary button-small" aria-describedby={nameId} disabled={disabled} onClick={() => onRetry(slot.id)}>
            Tentar de novo
          </button>
        )}
        {(state.kind === 'queued' || state.kind === 'failed') && (
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={disabled}
            aria-label={`Cancelar ${slot.name}`}
            onClick={() => onCancel(slot.id)}
          >
            Cancelar
          </button>
        )}
      </div>
    </>
  );
}
