import request from 'supertest';

/**
 * Whether a news page came from the page cache: a render's ETag says its bytes were compressed quickly for
 * that request (`"h-br-rapido"`, `"h-gz-rapido"`); the cache's are `"h"`, `"h-br"`, `"h-gz"`.
 */
export function fromPageCache(headers: Record<string, unknown>): boolean {
  const etag = headers.etag;
  return typeof etag === 'string' && !etag.endsWith('-rapido"');
}

/**
 * The first visitor gets the page rendered; the cached copy (brotli 11) is ready moments later. Asked in
 * brotli, whose bytes tell a render from the cache; supertest decodes them, so .text is the page.
 */
export async function cachedResponse(app: Parameters<typeof request>[0], path: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const res = await request(app).get(path).set('Accept-Encoding', 'br').expect(200);
    if (fromPageCache(res.headers)) return res;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} não entrou no cache`);
}
