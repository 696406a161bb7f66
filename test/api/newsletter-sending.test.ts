import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Repository } from '../../src/db/storage.js';
import { SiteSigner } from '../../src/lib/site-signer.js';
import { openSqliteRepository } from '../../src/open-storage.js';
import { newsletterCarrier } from '../../src/outbox/newsletter-sender.js';
import { startOutboxWorker, type OutboxWorker } from '../../src/outbox/worker.js';
import { fanOut } from '../../src/workflow/newsletter-editions.js';
import { newsletterLinks } from '../../src/workflow/newsletter-links.js';
import { NEWSLETTER_PATHS } from '../../src/routes/paths.js';
import { silentLogger } from '../contract/adapters.js';
import { freePort } from '../support/free-port.js';

const SITE = { siteUrl: 'https://www.prontivo.test', productName: 'Prontivo' };
const article = { id: 1, titulo: 'Agenda', descricao: 'Resumo', url: 'https://www.prontivo.test/noticias/1', imagem: null, temas: ['gestao'] };

/** A real SMTP server: recusa@ is refused for good (550); every accepted recipient is counted. */
async function startReceiver() {
  const accepted: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('recusa@')) return callback(Object.assign(new Error('caixa inexistente'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        accepted.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${port}`, accepted, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function until(done: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`não aconteceu em ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The boletim carrier in the outbox's worker: the shared rate, and addresses that fail for good becoming invalid. */
describe('envio do boletim (SQLite, servidor SMTP local)', () => {
  let dir: string;
  let repo: Repository;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let worker: OutboxWorker | undefined;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'boletim-envio-'));
    repo = await openSqliteRepository(join(dir, 'site.db'), silentLogger);
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await worker?.stop();
    await repo.close();
    await receiver.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = (ratePerMinute: number) => {
    const carrier = newsletterCarrier({
      repo,
      site: SITE,
      mail: { smtpUrl: receiver.url, from: 'nao-responda@prontivo.test' },
      newsletter: { ratePerMinute },
      links: newsletterLinks(SITE, new SiteSigner(repo.secrets), NEWSLETTER_PATHS),
      connections: 5,
    });
    worker = startOutboxWorker(repo.outbox, { boletim: carrier }, silentLogger, { intervalMs: 50, batchSize: 5, leaseMs: 60_000 });
  };

  async function subscriber(email: string, temas: string[] = []): Promise<string> {
    const now = new Date().toISOString();
    const consentimento = { texto: 't', versao: 'v', em: now, pagina: null, endereco: null };
    await repo.subscribers.signUp({ email, temas, consentimento, tokenHash: `h-${email}`, tokenExpiraEm: new Date(Date.now() + 60_000).toISOString(), maxMailsPerDay: 3 }, () => ({ kind: 'webhook', payload: {} }), now);
    const confirmed = await repo.subscribers.confirm(`h-${email}`, now, null);
    return (confirmed as { confirmed: { id: string } }).confirmed.id;
  }

  async function sendEdition(assunto: string) {
    const edition = await repo.editions.createManual({ assunto, artigos: [article], criadaPor: 'Teste' }, new Date().toISOString());
    await repo.editions.startSending(edition.id, new Date().toISOString());
    await fanOut(repo, (await repo.editions.get(edition.id))!);
    return edition.id;
  }

  it('sends no more per minute than the rate, across instances (counted in the database); topics without an article get nothing', async () => {
    for (let i = 0; i < 10; i += 1) await subscriber(`leitor${i}@clinica.com.br`);
    await subscriber('outro-tema@clinica.com.br', ['cardiologia']);
    const id = await sendEdition('Semana');
    expect((await repo.editions.get(id))?.destinatarios).toBe(10);
    start(4);
    await until(async () => receiver.accepted.length >= 4);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.accepted).toHaveLength(4);
    expect((await repo.editions.progress(id, 5)).porEstado).toMatchObject({ entregue: 4, pendente: 6 });
  });

  it('an address refused for good three times is invalid, and the next edition skips it', async () => {
    const refused = await subscriber('recusa@clinica.com.br');
    await subscriber('aceita@clinica.com.br');
    start(1000);
    for (const assunto of ['Um', 'Dois', 'Três']) {
      const id = await sendEdition(assunto);
      await until(async () => (await repo.editions.progress(id, 5)).porEstado.falhou === 1);
    }
    expect(await repo.subscribers.get(refused)).toMatchObject({ estado: 'invalido', falhasPermanentes: 3 });
    const fourth = await sendEdition('Quatro');
    expect((await repo.editions.get(fourth))?.destinatarios).toBe(1);
    const failure = (await repo.editions.progress(fourth, 5)).falhas;
    expect(failure).toEqual([]);
  });
});
