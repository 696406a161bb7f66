import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface ModalDialogProps {
  title: string;
  submitLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A native modal <dialog> (focus kept inside, Esc closes) rendered at the end of <body>:
 * its own <form> must not sit inside the article form.
 */
export function ModalDialog({ title, submitLabel, onSubmit, onClose, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React bubbles portal events through the component tree, up to the article form.
    event.stopPropagation();
    onSubmit();
  };

  return createPortal(
    <dialog
      ref={ref}
      className="rte-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form onSubmit={submit} noValidate>
        <h2 id={titleId} className="rte-dialog-title">
          {title}
        </h2>
        {children}
        <div className="rte-dialog-actions">
          <button type="button" className="rte-secondary" onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" className="rte-primary">
            {submitLabel}
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}

interface DialogFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: 'text' | 'url' | 'number';
  required?: boolean;
  autoFocus?: boolean;
  hint?: string;
}

export function DialogField({ label, value, onChange, error, type = 'text', required, autoFocus, hint }: DialogFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-dica` : '', error ? `${id}-erro` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="rte-dialog-field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        type={type === 'url' ? 'text' : type}
        inputMode={type === 'url' ? 'url' : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoFocus={autoFocus}
      />
      {hint && (
        <p id={`${id}-dica`} className="rte-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-erro`} className="rte-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
