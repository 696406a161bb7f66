import { useRef } from 'react';

/** 10 MB of 1,048,576 bytes (spec section 9). */
export const MAX_UPLOAD_MB = 10;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1_048_576;
export const UPLOAD_MESSAGES = {
  tooLarge: `Tamanho do arquivo excede ${MAX_UPLOAD_MB} MB.`,
} as const;

export interface UploadSlot {
  id: number;
  file: File | null;
  previewUrl: string | null;
}

interface UploaderProps {
  slots: UploadSlot[];
  disabled: boolean;
  onChoose: (slotId: number, file: File) => void;
  onCancel: (slotId: number) => void;
}

/** Spec section 4: each slot starts as a button; a chosen file shows its name, a thumbnail and a cancel button. */
export function Uploader({ slots, disabled, onChoose, onCancel }: UploaderProps) {
  return (
    <ul className="uploader">
      {slots.map((slot) => (
        <li key={slot.id} className="upload-slot">
          {slot.file ? (
            <ChosenFile slot={slot} disabled={disabled} onCancel={onCancel} />
          ) : (
            <FilePicker slotId={slot.id} disabled={disabled} onChoose={onChoose} />
          )}
        </li>
      ))}
    </ul>
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

function ChosenFile({ slot, disabled, onCancel }: { slot: UploadSlot; disabled: boolean; onCancel: UploaderProps['onCancel'] }) {
  const name = slot.file!.name;
  return (
    <>
      {slot.previewUrl && <img className="upload-thumb" src={slot.previewUrl} alt={`Miniatura de ${name}`} width={64} height={64} />}
      <span className="upload-name">{name}</span>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={disabled}
        aria-label={`Cancelar ${name}`}
        onClick={() => onCancel(slot.id)}
      >
        Cancelar
      </button>
    </>
  );
}
