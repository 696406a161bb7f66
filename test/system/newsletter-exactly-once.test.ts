import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repository } from '../../src/db/storage.js';
import { openPostgresRepository } from '../../src/open-storage.js';
import { silentLogger } from '../contract/adapters.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from '../e2e/support/server.js';
import { createArticle } from '../support/app.js';
import { seedPostgresSubscribers } from '../support/bulk-subscribers.js';
import { startHeaderInbox, type HeaderInbox } from '../support/header-inbox.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';

const bin = findPostgresBin();
const SUBSCRIBERS = 20_000;
const BATCH = 50;
/** Short, so that the dead instance's claimed deliveries are claimed again within seconds. */
const LEASE_MS = 3_000;
/** About 250 a second for both instances together: the edition takes a minute and a half. */
const RATE_PER_MINUTE = 15_000;

async function until(what: string, timeoutMs: number, done: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: não aconteceu em ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.runIf(bin)('boletim a 20.000 inscritos: duas instâncias, um PostgreSQL, kill -9 no meio', () => {
  let cluster: PostgresCluster;
  // One receiver per instance, so that the test knows what the instance it kills is sending.
  let inbox: HeaderInbox;
  let doomedInbox: HeaderInbox;
  let repo: Repository;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    cluster = await startPostgresCluster(bin!);
    inbox = await startHeaderInbox();
    doomedInbox = await startHeaderInbox();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await repo?.close();
    await inbox?.close();
    await doomedInbox?.close();
    await cluster?.destroy();
  });

  it('cada inscrito recebe a edição uma única vez, e o que a queda reenviar chega com o mesmo id', async () => {
    const env = {
      DATABASE_URL: cluster.url,
      SMTP_URL: inbox.url,
      NEWSLETTER_RATE_PER_MINUTE: String(RATE_PER_MINUTE),
      SCHEDULER_INTERVAL_MS: '200',
      OUTBOX_INTERVAL_MS: '100',
      OUTBOX_BATCH_SIZE: String(BATCH),
      OUTBOX_LEASE_MS: String(LEASE_MS),
    };
    repo = await openPostgresRepository(cluster.url, silentLogger);
    const started0 = Date.now();
    const emails = new Set(await seedPostgresSubscribers(cluster.url, SUBSCRIBERS));
    const seeding = (Date.now() - started0) / 1000;
    const articles = [(await createArticle(repo, { titulo: 'Agenda sem faltas' })).id, (await createArticle(repo, { titulo: 'Receita digital' })).id];
    servers.push(await startBuiltServer({ ...env, SMTP_URL: doomedInbox.url }), await startBuiltServer(env));
    const receivedSoFar = () => [...doomedInbox.received, ...inbox.received];

    const api = (server: RunningServer, path: string, body?: unknown) =>
      fetch(`${server.url}/api${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${TEST_EDITOR_KEY}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const created = await api(servers[0]!, '/boletins', { artigos: articles, assunto: 'Novos artigos do Prontivo' });
    expect(created.status).toBe(200);
    const { id } = ((await created.json()) as { value: { id: string } }).value;
    expect((await api(servers[1]!, `/boletins/${id}/enviar`, {})).status).toBe(200);
    const started = Date.now();

    await until('um quarto recebido', 180_000, () => receivedSoFar().length >= SUBSCRIBERS / 4);
    // The instance to kill is made to wait for a 250 that never comes: it dies with a claimed batch in hand.
    doomedInbox.hold();
    await until('a instância condenada no meio de um envio', 30_000, () => doomedInbox.held > 0);
    servers[0]!.child.kill('SIGKILL');
    const killedAt = receivedSoFar().length;
    const killedAfter = (Date.now() - started) / 1000;
    await servers[0]!.stop();
    servers[0] = await startBuiltServer(env);

    doomedInbox.discardHeld();

    await until('cada inscrito recebeu', 300_000, () => new Set(receivedSoFar().map((mail) => mail.delivery)).size >= SUBSCRIBERS);
    const seconds = (Date.now() - started) / 1000;
    // Those the dead instance sent without marking are sent again once its lease passes: wait for every mark.
    type View = { estado: string; destinatarios: number; progresso: Record<string, number> };
    let view: View | undefined;
    await until('todas as entregas marcadas', 60_000, async () => {
      view = ((await (await api(servers[1]!, `/boletins/${id}`)).json()) as { value: View }).value;
      return view.progresso.entregue === SUBSCRIBERS;
    });

    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    const rows = (await client.query<{ id: string; estado: string; tentativas: number }>(`SELECT id, estado, tentativas FROM entregas WHERE tipo = 'boletim'`)).rows;
    await client.end();
    const reclaimed = rows.filter((row) => row.tentativas > 1).length;

    const received = receivedSoFar();
    const byDelivery = new Map<string, string[]>();
    for (const mail of received) byDelivery.set(mail.delivery, [...(byDelivery.get(mail.delivery) ?? []), ...mail.to]);
    const resent = received.length - byDelivery.size;
    const afterKill = (SUBSCRIBERS - killedAt) / (seconds - killedAfter);
    console.log(
      `boletim: ${SUBSCRIBERS} inscritos (semeados em ${seeding.toFixed(1)} s) em ${seconds.toFixed(1)} s com duas instâncias ` +
        `(NEWSLETTER_RATE_PER_MINUTE ${RATE_PER_MINUTE}, lote ${BATCH}, reserva ${LEASE_MS} ms); antes da queda ${Math.round(killedAt / killedAfter)}/s; ` +
        `kill -9 com ${killedAt} recebidos aos ${killedAfter.toFixed(1)} s; depois ${Math.round(afterKill)}/s (contando o reinício e a reserva); ` +
        `retomadas depois da reserva vencer: ${reclaimed}; reenviados pela queda: ${resent}`,
    );

    // One delivery per subscriber, every one delivered, and the edition's progress says so.
    expect(rows).toHaveLength(SUBSCRIBERS);
    expect(rows.every((row) => row.estado === 'entregue')).toBe(true);
    expect(view).toMatchObject({ estado: 'enviada', destinatarios: SUBSCRIBERS, progresso: { entregue: SUBSCRIBERS, pendente: 0, enviando: 0, falhou: 0 } });
    // Every subscriber got exactly one distinct delivery, each always to the same address, with its Message-ID and the one-click header.
    expect([...byDelivery.keys()].sort()).toEqual(rows.map((row) => row.id).sort());
    const recipients = new Map<string, number>();
    for (const to of byDelivery.values()) {
      expect(new Set(to).size).toBe(1);
      recipients.set(to[0]!, (recipients.get(to[0]!) ?? 0) + 1);
    }
    expect(new Set(recipients.keys())).toEqual(emails);
    expect([...recipients.values()].every((count) => count === 1)).toBe(true);
    for (const mail of received) {
      expect(mail.messageId).toBe(`<${mail.delivery}@127.0.0.1>`);
      expect(mail.oneClick).toBe(true);
    }
    // The killed instance held deliveries (the one it waited on, and the rest of its batch): claimed again once its lease passed.
    expect(reclaimed).toBeGreaterThan(0);
    // A resend only for a message whose 250 came in the instant before the kill, its mark not yet written:
    // at most one batch, with the same id, so that the receiver keeps one.
    expect(resent).toBeLessThanOrEqual(BATCH);
  }, 600_000);
});
