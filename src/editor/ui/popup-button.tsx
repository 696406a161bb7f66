import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

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
  const popup = useRef<HTMLDivElement>(null);
  const [shift, setShift] = useState(0);

  // Keep the popup inside the viewport: on a phone the toolbar wraps and a button can sit near an edge.
  useLayoutEffect(() => {
    if (!open || !popup.current) return;
    const margin = 8;
    const rect = popup.current.getBoundingClientRect();
    const left = rect.left - shift;
    const right = rect.right - shift;
    const limit = document.documentElement.clientWidth - margin;
    setShift(right > limit ? Math.max(margin - left, limit - right) : left < margin ? margin - left : 0);
  }, [open, shift]);

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
        <div id={popupId} ref={popup} className="rte-popup" role="group" aria-label={label} style={shift ? { transform: `translateX(${shift}px)` } : undefined}>
          {children(close)}
        </div>
      )}
    </div>
  );
}
