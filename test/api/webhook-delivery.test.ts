import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { ClaimedDelivery } from '../../src/db/outbox-store.js';
import type { Repository } from '../../src/db/storage.js';
import { openSqliteRepository } from '../../src/open-storage.js';
import { isPermanent } from '../../src/outbox/retry-policy.js';
import { startOutbox } from '../../src/outbox/start-outbox.js';
import { webhookSender } from '../../src/outbox/webhook-sender.js';
import { signatureHeader } from '../../src/outbox/webhook-signature.js';
import type { OutboxWorker } from '../../src/outbox/worker.js';
import { silentLogger } from '../contract/adapters.js';
import { freePort } from '../support/free-port.js';
import { leadEvent } from '../support/lead-event.js';
import { startWebhookReceiver, verifyWebhookSignature, type WebhookReceiver } from '../support/webhook-receiver.js';

const SECRET = 'segredo-do-crm-com-mais-de-32-caracteres';
const SITE = { productSlug: 'prontivo', siteUrl: 'https://www.prontivo.test' };
const DAY_MS = 86_400_000;

async function until(done: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`não aconteceu em ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A delivery as the worker hands it to its sender, for the sender alone. */
const claimed = (payload: unknown): ClaimedDelivery => {
  const now = new Date().toISOString();
  return { id: randomUUID(), kind: 'webhook', payload, state: 'enviando', attempts: 1, nextAttemptAt: now, takenUntil: now, lastAnswer: null, idempotencyKey: null, createdAt: now, deliveredAt: null, reference: null };
};

describe('the signed CRM webhook, from the outbox to a real HTTP receiver (SQLite)', () => {
  let dir: string;
  let repo: Repository;
  let receiver: WebhookReceiver;
  let worker: OutboxWorker | undefined;
  /** Whether the receiver of desiste@ has come back. */
  let crmBack = false;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gancho-'));
    repo = await openSqliteRepository(join(dir, 'site.db'), silentLogger);
    // What each lead meets, by its e-mail: falha-duas@ two 500s then 200, indisponivel@ 503 for ever, desiste@ 500 until crmBack.
    receiver = await startWebhookReceiver(SECRET, ({ attempt, event }) => {
      const email = event.contato.email;
      if (email.startsWith('falha-duas@')) return attempt <= 2 ? 500 : 200;
      if (email.startsWith('indisponivel@')) return 503;
      if (email.startsWith('desiste@')) return crmBack ? 204 : 500;
      return 200;
    });
    // The instance's own wiring: the webhook is carried because LEADS_WEBHOOK_URL is set.
    const config = loadConfig({
      NODE_ENV: 'test',
      SITE_URL: SITE.siteUrl,
      LEADS_WEBHOOK_URL: receiver.url,
      LEADS_WEBHOOK_SECRET: SECRET,
      LEADS_WEBHOOK_RETRY_BASE_SECONDS: '1',
      OUTBOX_INTERVAL_MS: '50',
    });
    worker = startOutbox(config, repo, silentLogger);
  });
  afterAll(async () => {
    await worker?.stop();
    await repo?.close();
    await receiver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const state = async (id: string) => (await repo.outbox.get(id))?.state;
  const requestsFor = (id: string) => receiver.requests.filter((request) => request.delivery === id);

  it('is carried only where LEADS_WEBHOOK_URL is set', () => {
    expect(worker).toBeDefined();
    expect(startOutbox(loadConfig({ NODE_ENV: 'test' }), repo, silentLogger)).toBeUndefined();
  });

  it('signs the raw body: the receiver verifies it with the secret, and refuses a tampered body or a wrong secret', async () => {
    const { id } = await repo.outbox.enqueue({ kind: 'webhook', payload: leadEvent(1), reference: 'contato:1' });
    await until(async () => (await state(id)) === 'entregue');

    const [request] = requestsFor(id);
    expect(request).toMatchObject({ status: 200, contentType: 'application/json' });
    expect(request!.userAgent).toContain(SITE.siteUrl);
    expect(request!.body.startsWith(`{"id":"${id}","evento":"contato.criado",`)).toBe(true);
    expect(JSON.parse(request!.body)).toEqual({ id, ...leadEvent(1) });
    expect(request!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(request!.signature, request!.body, SECRET, 300)).toBe(true);
    expect(verifyWebhookSignature(request!.signature, request!.body.replace('Pessoa 1 ', 'Pessoa 2 '), SECRET, 300)).toBe(false);
    expect(verifyWebhookSignature(request!.signature, request!.body, `${SECRET}-outro`, 300)).toBe(false);
    expect(verifyWebhookSignature(request!.signature, request!.body, SECRET, 300, Date.now() + 10 * 60_000)).toBe(false);

    // Replayed to the receiver over HTTP: the tampered body, or a signature made with another secret, is refused.
    const replay = (body: string, signature: string) =>
      fetch(receiver.url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Prontivo-Delivery': id, 'X-Prontivo-Signature': signature }, body });
    expect((await replay(request!.body.replace('"aceita_conteudo":false', '"aceita_conteudo":true'), request!.signature)).status).toBe(401);
    const t = Math.floor(Date.now() / 1000);
    expect((await replay(request!.body, signatureHeader(`${SECRET}-outro`, t, request!.body))).status).toBe(401);

    expect(await repo.outbox.listByReference('contato:1')).toEqual([
      expect.objectContaining({ id, kind: 'webhook', state: 'entregue', attempts: 1, lastAnswer: `HTTP 200 recebido ${id}` }),
    ]);
  });

  it('sends the retries after two 500s with the same X-Prontivo-Delivery and the same bytes, 1 s then 2 s later', async () => {
    const { id } = await repo.outbox.enqueue({ kind: 'webhook', payload: leadEvent(2, 'falha-duas@clinica.test'), reference: 'contato:2' });
    await until(async () => (await state(id)) === 'entregue');

    const requests = requestsFor(id);
    expect(requests.map((request) => request.status)).toEqual([500, 500, 200]);
    expect(new Set(requests.map((request) => request.body)).size).toBe(1);
    for (const request of requests) expect(verifyWebhookSignature(request.signature, request.body, SECRET, 300)).toBe(true);
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(1_000);
    expect(requests[2]!.at - requests[1]!.at).toBeGreaterThanOrEqual(2_000);
    expect(await repo.outbox.get(id)).toMatchObject({ state: 'entregue', attempts: 3, lastAnswer: `HTTP 200 recebido ${id}` });
  });

  it('keeps retrying any other answer, each wait twice the one before, the answer kept for the delivery log', async () => {
    const { id } = await repo.outbox.enqueue({ kind: 'webhook', payload: leadEvent(3, 'indisponivel@clinica.test') });
    await until(async () => (await repo.outbox.get(id))?.attempts === 2 && (await state(id)) === 'pendente');

    const requests = requestsFor(id);
    const delivery = (await repo.outbox.get(id))!;
    expect(delivery.lastAnswer).toBe('HTTP 503 recusado com 503');
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(1_000);
    // The third attempt waits 2 s after the second failed (not 1 s, and not 4 s).
    const wait = Date.parse(delivery.nextAttemptAt) - requests[1]!.at;
    expect(wait).toBeGreaterThanOrEqual(2_000);
    expect(wait).toBeLessThan(4_000);
  });

  it('gives up 24 h after the event (falhou), and a requeue ("Reenviar") sends it again under the same id, with the same bytes', async () => {
    const enqueuedAt = new Date(Date.now() - DAY_MS + 500).toISOString();
    const { id } = await repo.outbox.enqueue({ kind: 'webhook', payload: leadEvent(4, 'desiste@clinica.test'), reference: 'contato:4' }, enqueuedAt);
    await until(async () => (await state(id)) === 'falhou');
    expect(await repo.outbox.get(id)).toMatchObject({ attempts: 1, lastAnswer: 'HTTP 500 recusado com 500' });

    crmBack = true;
    expect(await repo.outbox.requeue(id, new Date().toISOString())).toBe(true);
    await until(async () => (await state(id)) === 'entregue');
    const requests = requestsFor(id);
    expect(requests.map((request) => request.status)).toEqual([500, 204]);
    expect(requests[1]!.body).toBe(requests[0]!.body);
    expect(await repo.outbox.get(id)).toMatchObject({ state: 'entregue', attempts: 1, lastAnswer: 'HTTP 204' });
  });
});

describe('the webhook sender on its own', () => {
  const config = (url: string) => ({ url, secret: SECRET, retryBaseMs: 1_000 });
  let server: Server;
  let url: string;

  beforeAll(async () => {
    // /lento never answers; /redireciona answers 302; /grande answers 200 with a megabyte.
    server = createServer((req, res) => {
      req.resume();
      if (req.url === '/redireciona') res.writeHead(302, { Location: '/outro' }).end();
      else if (req.url === '/grande') res.writeHead(200).end('é'.repeat(500_000));
    });
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('retries no answer, a timeout and a redirect, and keeps only the start of a long answer', async () => {
    const refused = await webhookSender(config(`http://127.0.0.1:${await freePort()}/`), SITE)(claimed(leadEvent(5))).catch((error: unknown) => error);
    expect(refused).toMatchObject({ message: 'sem resposta: ECONNREFUSED' });
    expect(isPermanent(refused)).toBe(false);
    await expect(webhookSender(config(`${url}/lento`), SITE, 200)(claimed(leadEvent(5)))).rejects.toThrow('sem resposta em 0.2 s');
    await expect(webhookSender(config(`${url}/redireciona`), SITE)(claimed(leadEvent(5)))).rejects.toThrow(/^HTTP 302$/);
    expect(await webhookSender(config(`${url}/grande`), SITE)(claimed(leadEvent(5)))).toBe(`HTTP 200 ${'é'.repeat(200)}`);
  });

  it('gives up at once on a payload that is not an event, or that brings its own id', async () => {
    const send = webhookSender(config(`${url}/grande`), SITE);
    for (const payload of [null, 'texto', { contato: {} }, { id: 'outro', ...leadEvent(6) }]) {
      const error = await send(claimed(payload)).catch((failure: unknown) => failure);
      expect(isPermanent(error)).toBe(true);
    }
  });
});
