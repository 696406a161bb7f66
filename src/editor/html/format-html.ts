import beautify from 'js-beautify';

/** The HTML switch's view of the content: js-beautify with the spec's defaults (indent 2, wrap 80). */
export function formatHtml(html: string): string {
  if (!html) return '';
  return beautify.html(html, {
    indent_size: 2,
    wrap_line_length: 80,
    end_with_newline: false,
    preserve_newlines: false,
  });
}
