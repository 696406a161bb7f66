import { TEST_EDITOR_KEY } from '../../e2e/support/server.js';
import { articleBody } from '../../support/articles-api.js';

export interface Envelope<T> {
  status: number;
  messages: string[];
  value: T;
}

export async function createArticleOver(baseUrl: string, titulo: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/artigos/novo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(articleBody({ key: TEST_EDITOR_KEY, titulo, titulo_url: titulo })),
  });
  const body = (await response.json()) as Envelope<number>;
  if (response.status !== 200 || body.status !== 1) {
    throw new Error(`criação falhou: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.value;
}

/** Whether the instance at `baseUrl` can write an article now (after an outage: the writes are back). */
export async function writeWorks(baseUrl: string): Promise<boolean> {
  const response = await fetch(`${baseUrl}/api/artigos/novo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(articleBody({ key: TEST_EDITOR_KEY, titulo: 'Depois da volta' })),
  });
  await response.arrayBuffer();
  return response.status === 200;
}

/** Polls until check() holds or the deadline passes; returns the milliseconds it took, or null. */
export async function within(deadlineMs: number, check: () => Promise<boolean>): Promise<number | null> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > deadlineMs) return null;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
