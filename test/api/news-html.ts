/** Small readers for the HTML the news pages send, shared by the news and feed API tests. */

export function jsonLdNodes(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

export function jsonLdOfType(html: string, type: string): Record<string, unknown> {
  const node = jsonLdNodes(html).find((candidate) => candidate['@type'] === type);
  if (!node) throw new Error(`JSON-LD ${type} ausente`);
  return node;
}

/** Every <script> that is not structured data: news pages must have none. */
export function executableScripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]).filter((tag) => !tag.includes('application/ld+json'));
}

export function metaContent(html: string, key: string): string | undefined {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`<meta (?:name|property)="${escaped}" content="([^"]*)"`).exec(html);
  return match?.[1];
}

export function linkHref(html: string, rel: string): string | undefined {
  return new RegExp(`<link rel="${rel}"[^>]* href="([^"]*)"`).exec(html)?.[1];
}

export function countMatches(html: string, pattern: RegExp): number {
  return [...html.matchAll(pattern)].length;
}
