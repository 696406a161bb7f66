import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface PopupButtonProps {
  label: string;
  content: ReactNode;
  pressed?: boolean;
  disabled?: boolean;
  className?: string;
  /** Renders the popup; `close` returns focus to the button. */
  children: (close: () => void) => ReactNode;
}

/** A toolbar button that discloses a small popup; Esc or a click outside closes it. */
export function PopupButton({ label, content, pressed, disabled, className, children }: PopupButtonProps) {
  const [open, setOpen] = useState(false);
  const popupId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div
      className="rte-popup-wrapper"
      ref={wrapper}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className={`rte-button ${className ?? ''}`}
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        data-active={pressed ? 'true' : undefined}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => setOpen((value) => !value)}
      >
        {content}
      </button>
      {open && (
        <div id={popupId} className="rte-popup" role="group" aria-label={label}>
          {children(close)}
        </div>
      )}
    </div>
  );
}
