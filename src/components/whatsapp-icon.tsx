/** A speech bubble with a handset, in the spirit of the messaging app, drawn for this site. */
export function WhatsAppIcon({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path
        d="M16 3.5A12.5 12.5 0 0 0 5.2 22.3L3.5 28.5l6.4-1.7A12.5 12.5 0 1 0 16 3.5z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
      <path
        d="M11.6 9.6c.4 0 .8 0 1 .6l1.2 2.8c.1.3 0 .6-.1.8l-.9 1.1c-.2.2-.2.5 0 .8a10 10 0 0 0 4.6 4c.3.1.6.1.8-.1l1.1-1.3c.2-.3.6-.3.9-.2l2.7 1.3c.4.2.5.4.5.8 0 1.6-1.5 2.8-3.2 2.8-4.6-.4-9.6-5.3-10-9.9 0-1.8 1-3.5 2.4-3.5z"
        fill="currentColor"
      />
    </svg>
  );
}
