import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repository } from '../../src/db/storage.js';
import { openPostgresRepository } from '../../src/open-storage.js';
import { silentLogger } from '../contract/adapters.js';
import { startBuiltServer, type RunningServer } from '../e2e/support/server.js';
import { startMailInbox, type MailInbox } from '../support/mail-inbox.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';

const bin = findPostgresBin();
const MESSAGES = 2_000;
const BATCH = 20;
/** Short, so that the dead instance's claimed deliveries are claimed again within seconds. */
const LEASE_MS = 3_000;

async function until(what: string, timeoutMs: number, done: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: não aconteceu em ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(bin)('fila de entregas: duas instâncias, um PostgreSQL, kill -9 no meio', () => {
  let cluster: PostgresCluster;
  // One receiver per instance, so that the test knows what the instance it kills is sending.
  let inbox: MailInbox;
  let doomedInbox: MailInbox;
  let repo: Repository;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    cluster = await startPostgresCluster(bin!);
    inbox = await startMailInbox();
    doomedInbox = await startMailInbox();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await repo?.close();
    await inbox?.close();
    await doomedInbox?.close();
    await cluster?.destroy();
  });

  it('entrega cada e-mail a quem é, e o que uma queda reenviar chega com o mesmo Message-ID', async () => {
    const env = {
      DATABASE_URL: cluster.url,
      SEED_SAMPLE_ARTICLES: 'false',
      SMTP_URL: inbox.url,
      OUTBOX_INTERVAL_MS: '100',
      OUTBOX_BATCH_SIZE: String(BATCH),
      OUTBOX_LEASE_MS: String(LEASE_MS),
    };
    // Everything enqueued before the instances start: they send from a backlog, so the kill finds work in flight.
    repo = await openPostgresRepository(cluster.url, silentLogger);

    const recipients = Array.from({ length: MESSAGES }, (_, n) => `pessoa${n}@clinica.test`);
    const ids = new Map<string, string>();
    for (const to of recipients) {
      const { id } = await repo.outbox.enqueue({ kind: 'email', payload: { to, subject: `Mensagem para ${to}`, text: 'texto', html: '<p>texto</p>' } });
      ids.set(id, to);
    }
    servers.push(await startBuiltServer({ ...env, SMTP_URL: doomedInbox.url }), await startBuiltServer(env));
    const started = Date.now();
    const receivedSoFar = () => [...doomedInbox.received, ...inbox.received];

    await until('um quarto das mensagens recebidas', 60_000, () => receivedSoFar().length >= MESSAGES / 4);
    // The instance to kill is made to wait for a 250 that never comes: it dies with a claimed batch in hand.
    doomedInbox.hold();
    await until('a instância condenada no meio de um envio', 30_000, () => doomedInbox.held > 0);
    servers[0]!.child.kill('SIGKILL');
    const killedAt = receivedSoFar().length;
    const beforeKill = killedAt / ((Date.now() - started) / 1000);
    await servers[0]!.stop();
    servers[0] = await startBuiltServer(env);

    doomedInbox.discardHeld();

    await until('cada entrega recebida', 120_000, () => new Set(receivedSoFar().map((mail) => mail.delivery)).size === MESSAGES);
    const seconds = (Date.now() - started) / 1000;
    // Those the dead instance sent without marking are sent again once its lease passes: wait for every mark.
    await until('todas as entregas marcadas', 60_000, async () => {
      for (const id of ids.keys()) if ((await repo.outbox.get(id))?.state !== 'entregue') return false;
      return true;
    });

    let reclaimed = 0;
    for (const id of ids.keys()) if (((await repo.outbox.get(id))?.attempts ?? 0) > 1) reclaimed += 1;
    const received = receivedSoFar();
    const byDelivery = new Map<string, number>();
    for (const mail of received) byDelivery.set(mail.delivery, (byDelivery.get(mail.delivery) ?? 0) + 1);
    const resent = received.length - byDelivery.size;
    console.log(
      `fila de entregas: ${MESSAGES} e-mails em ${seconds.toFixed(1)} s (${Math.round(MESSAGES / seconds)}/s com duas instâncias, lote ${BATCH}, contando o reinício e a reserva de ${LEASE_MS} ms); ` +
        `antes da queda ${Math.round(beforeKill)}/s; kill -9 com ${killedAt} recebidos; retomadas depois da reserva vencer: ${reclaimed}; reenviados pela queda: ${resent}`,
    );

    // Every recipient got its own message, each message named by its delivery.
    expect(new Set(received.flatMap((mail) => mail.to))).toEqual(new Set(recipients));
    expect([...byDelivery.keys()].sort()).toEqual([...ids.keys()].sort());
    for (const mail of received) {
      expect(mail.to).toEqual([ids.get(mail.delivery)]);
      expect(mail.messageId).toBe(`<${mail.delivery}@127.0.0.1>`);
    }
    // The killed instance held deliveries (the one it waited on, and the rest of its batch): they were claimed again once its lease passed.
    expect(reclaimed).toBeGreaterThan(0);
    // A resend only for a message whose 250 came in the instant before the kill, its mark not yet written:
    // at most one batch, and with the same Message-ID, so that the receiver keeps one.
    expect(resent).toBeLessThanOrEqual(BATCH);
  });
});
