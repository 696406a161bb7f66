/**
 * The newsletter's sending (issue 31): one edition to BENCH_NEWSLETTER_RECIPIENTS (default 100,000)
 * confirmed subscribers, sent by the outbox's worker with the `boletim` carrier as the server runs it,
 * to a local SMTP server in this process that accepts at once and keeps nothing (only a count). On the
 * embedded database, and on PostgreSQL (a throwaway cluster, or BENCH_DATABASE_URL) when there is one;
 * BENCH_DATABASES="sqlite" measures only it. Prints the fan-out's time (the deliveries written in
 * batches), messages per second, and the process's RSS sampled every second while sending: start, peak
 * and end (goal: flat, i.e. not growing with the recipients; it holds one claimed batch at a time).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { Repository } from '../src/db/storage.js';
import { SiteSigner } from '../src/lib/site-signer.js';
import { createLogger } from '../src/logger.js';
import { openPostgresRepository, openSqliteRepository } from '../src/open-storage.js';
import { newsletterCarrier } from '../src/outbox/newsletter-sender.js';
import { startOutboxWorker } from '../src/outbox/worker.js';
import { fanOut } from '../src/workflow/newsletter-editions.js';
import { newsletterLinks } from '../src/workflow/newsletter-links.js';
import { NEWSLETTER_PATHS } from '../src/routes/paths.js';
import { seedPostgresSubscribers, seedSqliteSubscribers } from '../test/support/bulk-subscribers.js';
import { freePort } from '../test/support/free-port.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../test/support/postgres-cluster.js';
import { createScratchDatabase } from '../test/support/postgres.js';

const RECIPIENTS = Number(process.env.BENCH_NEWSLETTER_RECIPIENTS ?? 100_000);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
/** The configuration's ceiling: the bench measures the sending, not the limit. */
const RATE_PER_MINUTE = 100_000;
/** OUTBOX_BATCH_SIZE's ceiling: as many deliveries claimed at once, and as many SMTP connections. */
const BATCH = 100;
const SITE = { siteUrl: 'https://www.prontivo.test', productName: 'Prontivo' };
const ARTICLES = [1, 2, 3].map((id) => ({
  id,
  titulo: `Artigo ${id}: prontuário eletrônico no consultório`,
  descricao: 'Como organizar o atendimento com um prontuário eletrônico seguro.',
  url: `${SITE.siteUrl}/noticias/${id}/artigo-${id}`,
  imagem: { url: `${SITE.siteUrl}/imagens/${id}/social.jpg`, alt: 'Consultório', width: 1200, height: 630 },
  temas: ['gestao'],
}));
const logger = createLogger({ logLevel: 'silent' });
const MB = 1024 * 1024;

interface Result {
  database: string;
  fanOutSeconds: number;
  perSecond: number;
  rss: { start: number; peak: number; end: number };
}

async function countingReceiver() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    maxClients: 1_000,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${port}`, received: () => received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function measure(database: string, repo: Repository, smtpUrl: string, received: () => number): Promise<Result> {
  const now = () => new Date().toISOString();
  const edition = await repo.editions.createManual({ assunto: 'Novos artigos do Prontivo', artigos: ARTICLES, criadaPor: 'Benchmark' }, now());
  await repo.editions.startSending(edition.id, now());
  const fanOutStart = performance.now();
  await fanOut(repo, (await repo.editions.get(edition.id))!);
  const fanOutSeconds = (performance.now() - fanOutStart) / 1000;

  const carrier = newsletterCarrier({
    repo,
    site: SITE,
    mail: { smtpUrl, from: 'nao-responda@prontivo.test' },
    newsletter: { ratePerMinute: RATE_PER_MINUTE },
    links: newsletterLinks(SITE, new SiteSigner(repo.secrets), NEWSLETTER_PATHS),
    connections: BATCH,
  });
  global.gc?.();
  const before = received();
  const samples = [process.memoryUsage().rss];
  const started = performance.now();
  const worker = startOutboxWorker(repo.outbox, { boletim: carrier }, logger, { intervalMs: 50, batchSize: BATCH, leaseMs: 60_000 });
  try {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      samples.push(process.memoryUsage().rss);
      if (received() - before >= RECIPIENTS) break;
    }
  } finally {
    await worker.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  const progress = await repo.editions.progress(edition.id, 1);
  if (progress.porEstado.entregue !== RECIPIENTS) throw new Error(`${database}: ${progress.porEstado.entregue} de ${RECIPIENTS} marcadas como entregues`);
  return { database, fanOutSeconds, perSecond: RECIPIENTS / seconds, rss: { start: samples[0]!, peak: Math.max(...samples), end: samples.at(-1)! } };
}

const pad = (value: string, width: number, right = false) => (right ? value.padStart(width) : value.padEnd(width));

const dir = mkdtempSync(join(tmpdir(), 'bench-boletim-'));
const receiver = await countingReceiver();
let cluster: PostgresCluster | undefined;
const results: Result[] = [];
try {
  if (DATABASES.includes('sqlite')) {
    const path = join(dir, 'site.db');
    const repo = await openSqliteRepository(path, logger);
    try {
      seedSqliteSubscribers(path, RECIPIENTS);
      results.push(await measure('SQLite', repo, receiver.url, receiver.received));
    } finally {
      await repo.close();
    }
  }
  let serverUrl = process.env.BENCH_DATABASE_URL;
  const bin = findPostgresBin();
  if (DATABASES.includes('postgres') && !serverUrl && bin) {
    cluster = await startPostgresCluster(bin);
    serverUrl = cluster.url;
  }
  if (DATABASES.includes('postgres') && serverUrl) {
    const database = await createScratchDatabase(serverUrl);
    const repo = await openPostgresRepository(database.url, logger);
    try {
      await seedPostgresSubscribers(database.url, RECIPIENTS);
      results.push(await measure('PostgreSQL', repo, receiver.url, receiver.received));
    } finally {
      await repo.close();
      await database.drop();
    }
  } else if (DATABASES.includes('postgres')) {
    console.log('PostgreSQL não encontrado (nem BENCH_DATABASE_URL): medido só o SQLite.');
  }

  console.log(`\nboletim: uma edição a ${RECIPIENTS} inscritos, servidor SMTP local, lote ${BATCH}, NEWSLETTER_RATE_PER_MINUTE ${RATE_PER_MINUTE}`);
  const header = `${pad('banco', 11)} ${pad('fan-out s', 10, true)} ${pad('msg/s', 7, true)} ${pad('RSS início', 11, true)} ${pad('pico', 7, true)} ${pad('fim', 7, true)}  (MB)`;
  console.log(header);
  console.log('-'.repeat(header.length));
  for (const result of results) {
    const { start, peak, end } = result.rss;
    console.log(
      `${pad(result.database, 11)} ${pad(result.fanOutSeconds.toFixed(1), 10, true)} ${pad(result.perSecond.toFixed(0), 7, true)} ${pad((start / MB).toFixed(0), 11, true)} ${pad((peak / MB).toFixed(0), 7, true)} ${pad((end / MB).toFixed(0), 7, true)}`,
    );
  }
} finally {
  await receiver.close();
  await cluster?.destroy();
  rmSync(dir, { recursive: true, force: true });
}
