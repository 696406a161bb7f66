/** The part of draft-convert 2.1 that bench/draft-convert.tsx uses (its own typings lack the DOM builder argument). */
declare module 'draft-convert' {
  import type { ContentState } from 'draft-js';

  export function convertFromHTML(config: object): (html: string, options?: { flat?: boolean }, domBuilder?: (html: string) => HTMLElement) => ContentState;
  export function convertToHTML(config: object): (content: ContentState) => string;
}
