import type { ReactNode } from 'react';

/** Toolbar icons drawn as SVG: emoji and arrow glyphs are missing from many system fonts. */

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const LINES: Record<'left' | 'center' | 'right' | 'justify', [number, number][]> = {
  left: [[2, 16], [2, 11], [2, 16], [2, 11]],
  center: [[2, 16], [4.5, 13.5], [2, 16], [4.5, 13.5]],
  right: [[2, 16], [7, 16], [2, 16], [7, 16]],
  justify: [[2, 16], [2, 16], [2, 16], [2, 16]],
};

export function AlignIcon({ align }: { align: keyof typeof LINES }) {
  return (
    <Icon>
      {LINES[align].map(([from, to], index) => (
        <line key={index} x1={from} x2={to} y1={3 + index * 4} y2={3 + index * 4} />
      ))}
    </Icon>
  );
}

export function LinkIcon() {
  return (
    <Icon>
      <path d="M7.5 10.5a3 3 0 0 0 4.2 0l2.6-2.6a3 3 0 0 0-4.2-4.2L9 4.8" />
      <path d="M10.5 7.5a3 3 0 0 0-4.2 0L3.7 10.1a3 3 0 0 0 4.2 4.2L9 13.2" />
    </Icon>
  );
}

export function ImageIcon() {
  return (
    <Icon>
      <rect x="2" y="3" width="14" height="12" rx="1.5" />
      <circle cx="6.5" cy="7" r="1.3" />
      <path d="M2.5 13.5l4-4 3 3 2-2 4 3.5" />
    </Icon>
  );
}
