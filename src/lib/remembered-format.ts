/** Far more than a site's distinct publication instants; past it, everything is formatted afresh. */
const LIMIT = 10_000;

/**
 * Formatting an instant in a time zone with Intl costs microseconds per call, and a page formats the
 * same few publication dates several times: each instant is formatted once.
 */
export function rememberedFormat(format: Intl.DateTimeFormat): (iso: string) => string {
  const formatted = new Map<string, string>();
  return (iso) => {
    let text = formatted.get(iso);
    if (text === undefined) {
      if (formatted.size >= LIMIT) formatted.clear();
      text = format.format(new Date(iso));
      formatted.set(iso, text);
    }
    return text;
  };
}
