/**
 * The HTML switch's view of the content: js-beautify with the spec's defaults (indent 2, wrap 80).
 * Loaded on first use: most articles are written without ever opening the switch.
 */
export async function formatHtml(html: string): Promise<string> {
  if (!html) return '';
  const { default: beautify } = await import('js-beautify');
  return beautify.html(html, {
    indent_size: 2,
    wrap_line_length: 80,
    end_with_newline: false,
    preserve_newlines: false,
  });
}
