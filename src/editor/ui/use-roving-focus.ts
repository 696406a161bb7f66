import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

/** Buttons directly in the toolbar (not those inside an open popup). */
const ITEMS = ':scope > .rte-group > button, :scope > .rte-group > .rte-popup-wrapper > button';

/**
 * The ARIA toolbar pattern: the toolbar is one Tab stop; arrow keys, Home and End move between its
 * buttons, and the last one used keeps the Tab stop.
 */
export function useRovingFocus(toolbar: RefObject<HTMLElement>) {
  const current = useRef(0);

  const items = () =>
    Array.from(toolbar.current?.querySelectorAll<HTMLButtonElement>(ITEMS) ?? []).filter((button) => !button.disabled);

  useEffect(() => {
    const buttons = items();
    const active = Math.min(current.current, buttons.length - 1);
    buttons.forEach((button, index) => (button.tabIndex = index === active ? 0 : -1));
  });

  const onFocus = (event: { target: EventTarget }) => {
    const index = items().indexOf(event.target as HTMLButtonElement);
    if (index < 0) return;
    current.current = index;
    items().forEach((button, position) => (button.tabIndex = position === index ? 0 : -1));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const buttons = items();
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const target =
      event.key === 'ArrowRight' ? (index + 1) % buttons.length
      : event.key === 'ArrowLeft' ? (index - 1 + buttons.length) % buttons.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? buttons.length - 1
      : -1;
    if (target < 0) return;
    event.preventDefault();
    buttons[target]!.focus();
  };

  return { onFocus, onKeyDown };
}
