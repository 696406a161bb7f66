import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repository } from '../../src/db/storage.js';
import { openSqliteRepository } from '../../src/open-storage.js';
import { emailSender } from '../../src/outbox/email-sender.js';
import { EMAIL_RETRY } from '../../src/outbox/retry-policy.js';
import { startOutboxWorker, type OutboxWorker } from '../../src/outbox/worker.js';
import { silentLogger } from '../contract/adapters.js';
import { freePort } from '../support/free-port.js';

const SITE_URL = 'https://www.prontivo.test';
const FROM = 'nao-responda@prontivo.test';
const OPTIONS = { intervalMs: 50, batchSize: 5, leaseMs: 60_000 };

/** A real SMTP server whose answers depend on the recipient: recusa@ is refused for good (550), depois@ for now (451), devagar@ answers after 500 ms. */
async function startReceiver(): Promise<{ url: string; headers: string[]; close(): Promise<void> }> {
  const headers: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });
      if (address.address.startsWith('recusa@')) return callback(refusal(550, 'caixa inexistente'));
      if (address.address.startsWith('depois@')) return callback(refusal(451, 'tente mais tarde'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        headers.push(Buffer.concat(chunks).toString('utf8').split('\r\n\r\n')[0]!);
        const slow = session.envelope.rcptTo.some((rcpt) => rcpt.address.startsWith('devagar@'));
        setTimeout(() => callback(), slow ? 500 : 0);
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${port}`, headers, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const mail = (to: string) => ({ kind: 'email' as const, payload: { to, subject: 'Assunto', text: 'texto', html: '<p>texto</p>' } });

async function until(done: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`não aconteceu em ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the outbox worker against a real SMTP server (SQLite)', () => {
  let dir: string;
  let repo: Repository;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let worker: OutboxWorker;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fila-'));
    repo = await openSqliteRepository(join(dir, 'site.db'), silentLogger);
    receiver = await startReceiver();
    worker = startOutboxWorker(repo.outbox, { email: { send: emailSender({ smtpUrl: receiver.url, from: FROM }, SITE_URL), retry: EMAIL_RETRY } }, silentLogger, OPTIONS);
  });
  afterAll(async () => {
    await worker?.stop();
    await repo?.close();
    await receiver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const settled = (id: string) => until(async () => (await repo.outbox.get(id))?.state !== 'pendente' && (await repo.outbox.get(id))?.state !== 'enviando');

  it('sends with the delivery id as Message-ID and header, and marks it delivered with the answer', async () => {
    const { id } = await repo.outbox.enqueue(mail('ana@clinica.test'));
    await settled(id);
    expect(await repo.outbox.get(id)).toMatchObject({ state: 'entregue', attempts: 1, takenUntil: null, lastAnswer: expect.stringMatching(/^250/) });
    const sent = receiver.headers.find((header) => header.includes(id))!;
    expect(sent).toContain(`Message-ID: <${id}@www.prontivo.test>`);
    expect(sent).toContain(`X-Prontivo-Delivery: ${id}`);
  });

  it('gives up on a 5xx answer, and schedules a retry 30 s later on a 4xx answer', async () => {
    const refused = await repo.outbox.enqueue(mail('recusa@clinica.test'));
    const later = await repo.outbox.enqueue(mail('depois@clinica.test'));
    const before = Date.now();
    await until(async () => (await repo.outbox.get(refused.id))?.state === 'falhou' && (await repo.outbox.get(later.id))?.lastAnswer !== null);
    expect(await repo.outbox.get(refused.id)).toMatchObject({ attempts: 1, lastAnswer: expect.stringContaining('550') });
    const retried = (await repo.outbox.get(later.id))!;
    expect(retried).toMatchObject({ state: 'pendente', attempts: 1, takenUntil: null, lastAnswer: expect.stringContaining('451') });
    expect(Date.parse(retried.nextAttemptAt) - before).toBeGreaterThanOrEqual(30_000);
    expect(Date.parse(retried.nextAttemptAt) - Date.now()).toBeLessThanOrEqual(30_000);
  });

  it('retries when the mail server cannot be reached', async () => {
    const down = startOutboxWorker(repo.outbox, { email: { send: emailSender({ smtpUrl: `smtp://127.0.0.1:${await freePort()}`, from: FROM }, SITE_URL), retry: EMAIL_RETRY } }, silentLogger, OPTIONS);
    await worker.stop();
    try {
      const { id } = await repo.outbox.enqueue(mail('bruno@clinica.test'));
      await until(async () => (await repo.outbox.get(id))?.lastAnswer !== null);
      expect(await repo.outbox.get(id)).toMatchObject({ state: 'pendente', attempts: 1, lastAnswer: expect.stringContaining('ECONNREFUSED') });
    } finally {
      await down.stop();
      worker = startOutboxWorker(repo.outbox, { email: { send: emailSender({ smtpUrl: receiver.url, from: FROM }, SITE_URL), retry: EMAIL_RETRY } }, silentLogger, OPTIONS);
    }
  });

  it('stops gracefully: a send under way is finished and marked before stop() resolves', async () => {
    const { id } = await repo.outbox.enqueue(mail('devagar@clinica.test'));
    await until(async () => (await repo.outbox.get(id))?.state === 'enviando');
    await worker.stop();
    expect(await repo.outbox.get(id)).toMatchObject({ state: 'entregue', attempts: 1 });
  });
});
