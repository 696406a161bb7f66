import type { ReactNode } from 'react';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  type?: 'text' | 'password';
  readOnly?: boolean;
  inputMode?: 'numeric';
  autoComplete?: string;
  hint?: ReactNode;
  multiline?: boolean;
}

/** A labelled input with its error beside it (aria-invalid + aria-describedby). */
export function TextField(props: TextFieldProps) {
  const { id, label, value, onChange, error, required, type = 'text', readOnly, inputMode, autoComplete, hint, multiline } = props;
  const describedBy = [hint ? `${id}-dica` : '', error ? `${id}-erro` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: id,
    value,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    required,
    readOnly,
  };
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span className="required-mark" aria-hidden="true"> *</span>}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} />
      ) : (
        <input {...common} type={type} inputMode={inputMode} autoComplete={autoComplete} />
      )}
      {hint && (
        <p id={`${id}-dica`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-erro`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
