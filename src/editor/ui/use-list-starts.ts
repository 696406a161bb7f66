import type { ContentState } from 'draft-js';
import { useEffect, useRef } from 'react';
import { BLOCK } from '../schema.js';

/**
 * Draft numbers ordered items with CSS counters that always start at 1. A list that starts elsewhere
 * (<ol start="3">) gets a rule per start value in a constructed style sheet: the page's CSP allows no
 * <style> element, and a constructed sheet is not one.
 */
export function useListStarts(content: ContentState): void {
  const sheet = useRef<CSSStyleSheet | null>(null);
  const written = useRef('');

  const rules: string[] = [];
  content.getBlockMap().forEach((block) => {
    const start = Number(block!.getData().get('start'));
    if (block!.getType() !== BLOCK.ordered || !Number.isInteger(start) || start < 2) return;
    const depth = block!.getDepth();
    rules.push(`.rte-surface .rte-start-${start}.public-DraftStyleDefault-depth${depth} { counter-reset: ol${depth} ${start - 1}; }`);
  });
  const text = [...new Set(rules)].join('\n');

  useEffect(() => {
    if (text === written.current || typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in document)) return;
    if (!sheet.current) {
      sheet.current = new CSSStyleSheet();
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet.current];
    }
    sheet.current.replaceSync(text);
    written.current = text;
  }, [text]);

  useEffect(
    () => () => {
      const own = sheet.current;
      if (own) document.adoptedStyleSheets = document.adoptedStyleSheets.filter((item) => item !== own);
    },
    [],
  );
}
