import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repository } from '../../src/db/storage.js';
import { openPostgresRepository } from '../../src/open-storage.js';
import { silentLogger } from '../contract/adapters.js';
import { startBuiltServer, type RunningServer } from '../e2e/support/server.js';
import { leadEvent } from '../support/lead-event.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const bin = findPostgresBin();
const DELIVERIES = 600;
const BATCH = 20;
/** Short, so that the dead instance's claimed deliveries are claimed again within seconds. */
const LEASE_MS = 3_000;
/** The receiver refuses the first attempts of every delivery: each is accepted on attempt FAILURES + 1. */
const FAILURES = 2;
const SECRET = 'segredo-do-crm-com-mais-de-32-caracteres';

async function until(what: string, timeoutMs: number, done: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: não aconteceu em ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(bin)('webhook de contatos: duas instâncias, um PostgreSQL, um receptor que falha duas vezes, kill -9 no meio', () => {
  let cluster: PostgresCluster;
  let receiver: WebhookReceiver;
  let repo: Repository;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    cluster = await startPostgresCluster(bin!);
    receiver = await startWebhookReceiver(SECRET, ({ attempt }) => (attempt <= FAILURES ? 500 : 200));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await repo?.close();
    await receiver?.close();
    await cluster?.destroy();
  });

  it('o receptor aceita cada entrega uma única vez, e o que a queda reenviar chega com o mesmo id', async () => {
    const env = {
      DATABASE_URL: cluster.url,
      SEED_SAMPLE_ARTICLES: 'false',
      LEADS_WEBHOOK_URL: receiver.url,
      LEADS_WEBHOOK_SECRET: SECRET,
      LEADS_WEBHOOK_RETRY_BASE_SECONDS: '1',
      OUTBOX_INTERVAL_MS: '100',
      OUTBOX_BATCH_SIZE: String(BATCH),
      OUTBOX_LEASE_MS: String(LEASE_MS),
    };
    // Everything enqueued before the instances start: they send from a backlog, so the kill finds work in flight.
    repo = await openPostgresRepository(cluster.url, silentLogger);
    const ids = new Set<string>();
    for (let n = 1; n <= DELIVERIES; n += 1) {
      const { id } = await repo.outbox.enqueue({ kind: 'webhook', payload: leadEvent(n), reference: `contato:${n}` });
      ids.add(id);
    }
    servers.push(await startBuiltServer(env), await startBuiltServer(env));
    const started = Date.now();

    await until('um quarto das entregas aceitas', 120_000, () => receiver.accepted.size >= DELIVERIES / 4);
    servers[0]!.child.kill('SIGKILL');
    const killedAt = receiver.accepted.size;
    const beforeKill = killedAt / ((Date.now() - started) / 1000);
    await servers[0]!.stop();
    servers[0] = await startBuiltServer(env);

    await until('cada entrega aceita', 180_000, () => receiver.accepted.size === DELIVERIES);
    const seconds = (Date.now() - started) / 1000;
    // Those the dead instance sent without marking are sent again once its lease passes: wait for every mark.
    await until('todas as entregas marcadas', 60_000, async () => {
      for (const id of ids) if ((await repo.outbox.get(id))?.state !== 'entregue') return false;
      return true;
    });

    const requestsPerDelivery = new Map<string, number>();
    for (const request of receiver.requests) requestsPerDelivery.set(request.delivery, (requestsPerDelivery.get(request.delivery) ?? 0) + 1);
    // A claim the dead instance held and never sent: an attempt counted in the database that the receiver never saw.
    let reclaimed = 0;
    for (const id of ids) {
      const delivery = (await repo.outbox.get(id))!;
      if (delivery.attempts > (requestsPerDelivery.get(id) ?? 0)) reclaimed += 1;
      expect(delivery.lastAnswer).toBe(`HTTP 200 recebido ${id}`);
    }
    console.log(
      `webhook: ${DELIVERIES} entregas aceitas em ${seconds.toFixed(1)} s (${Math.round(DELIVERIES / seconds)}/s com duas instâncias, ` +
        `${receiver.requests.length} requisições, ${Math.round(receiver.requests.length / seconds)}/s; lote ${BATCH}, ${FAILURES} recusas por entrega com 1 s e 2 s de espera, ` +
        `contando o reinício e a reserva de ${LEASE_MS} ms); antes da queda ${Math.round(beforeKill)} aceitas/s; kill -9 com ${killedAt} aceitas; ` +
        `reservas da instância morta retomadas sem terem saído: ${reclaimed}; reenvios de entregas já aceitas: ${receiver.repeats}`,
    );

    // Every delivery accepted, each under its own id, and refused first as often as the receiver chose.
    expect(receiver.accepted).toEqual(ids);
    expect(receiver.requests.every((request) => ids.has(request.delivery) && request.status !== 401 && request.status !== 400)).toBe(true);
    for (const id of ids) expect(requestsPerDelivery.get(id)).toBeGreaterThanOrEqual(FAILURES + 1);
    // A repeat only for a delivery whose 200 came in the instant before the kill, its mark not yet written:
    // at most one batch, and under the id of the first copy, which the receiver deduplicates on.
    expect(receiver.repeats).toBeLessThanOrEqual(BATCH);
  });
});
