/**
 * Whether a news page came from the page cache: a render's ETag says its bytes were compressed quickly for
 * that request (`"h-br-rapido"`, `"h-gz-rapido"`); the cache's are `"h"`, `"h-br"`, `"h-gz"`.
 */
export function fromPageCache(headers: Record<string, unknown>): boolean {
  const etag = headers.etag;
  return typeof etag === 'string' && !etag.endsWith('-rapido"');
}
