import { describe, expect, it } from 'vitest';
import { EmailTakenError } from '../../src/db/people-store.js';
import type { ClaimedDelivery } from '../../src/db/outbox-store.js';
import { availableAdapters, storePerTest } from './adapters.js';

const at = (ms: number) => new Date(ms).toISOString();
const LEASE_MS = 60_000;
const mail = (to: string) => ({ kind: 'email' as const, payload: { to, subject: 'Assunto', text: 'texto', html: '<p>texto</p>' } });

describe.each(availableAdapters())('contrato da fila de entregas: $name', (adapter) => {
  const { store, repo } = storePerTest(adapter);
  const claimAt = (now: number, limit = 100) => repo.outbox.claim(at(now), at(now + LEASE_MS), limit, ['email']);

  it('enqueues one delivery per idempotency key, with a uuid, pending from now; without a key, each enqueue is a delivery', async () => {
    const now = Date.now();
    const first = await repo.outbox.enqueue({ ...mail('ana@clinica.com.br'), idempotencyKey: 'convite:1' }, at(now));
    const again = await repo.outbox.enqueue({ ...mail('ana@clinica.com.br'), idempotencyKey: 'convite:1' }, at(now + 5));
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    expect(first.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const unkeyed = [await repo.outbox.enqueue(mail('bruno@clinica.com.br')), await repo.outbox.enqueue(mail('bruno@clinica.com.br'))];
    expect(new Set(unkeyed.map((delivery) => delivery.id)).size).toBe(2);
    expect(await repo.outbox.get(first.id)).toEqual({
      id: first.id,
      kind: 'email',
      payload: mail('ana@clinica.com.br').payload,
      state: 'pendente',
      attempts: 0,
      nextAttemptAt: at(now),
      takenUntil: null,
      lastAnswer: null,
      idempotencyKey: 'convite:1',
      createdAt: at(now),
      deliveredAt: null,
      reference: null,
    });
    expect(await claimAt(Date.now() + 1_000)).toHaveLength(3);
  });

  it('claims due deliveries oldest first under a lease, once: a second claim gets nothing while the lease holds', async () => {
    const now = Date.now();
    const older = await repo.outbox.enqueue(mail('a@clinica.com.br'), at(now - 2_000));
    const newer = await repo.outbox.enqueue(mail('b@clinica.com.br'), at(now - 1_000));
    await repo.outbox.enqueue(mail('c@clinica.com.br'), at(now + 10_000));
    const claimed = await claimAt(now, 1);
    expect(claimed.map((delivery) => [delivery.id, delivery.state, delivery.attempts, delivery.takenUntil])).toEqual([[older.id, 'enviando', 1, at(now + LEASE_MS)]]);
    expect((await claimAt(now)).map((delivery) => delivery.id)).toEqual([newer.id]);
    expect(await claimAt(now + 1_000)).toEqual([]);
    expect(await repo.outbox.markDelivered(claimed[0]!, at(now + 10), '250 OK')).toBe(true);
    expect(await repo.outbox.get(older.id)).toMatchObject({ state: 'entregue', deliveredAt: at(now + 10), lastAnswer: '250 OK', takenUntil: null });
    // Delivered is never claimed again; the other two are, once due or once their lease has passed.
    expect((await claimAt(now + 3_600_000)).map((delivery) => delivery.id)).not.toContain(older.id);
  });

  it('claims again a delivery whose lease expired (its worker died); the dead claim can no longer mark it', async () => {
    const now = Date.now();
    const { id } = await repo.outbox.enqueue(mail('a@clinica.com.br'), at(now));
    const [dead] = await claimAt(now);
    expect(await claimAt(now + LEASE_MS - 1)).toEqual([]);
    const [again] = await claimAt(now + LEASE_MS);
    expect(again).toMatchObject({ id, attempts: 2, takenUntil: at(now + 2 * LEASE_MS) });
    expect(await repo.outbox.markDelivered(dead!, at(now + LEASE_MS + 1), '250 OK')).toBe(false);
    expect(await repo.outbox.markRetry(dead!, at(now), 'x')).toBe(false);
    expect(await repo.outbox.markDelivered(again!, at(now + LEASE_MS + 2), '250 OK')).toBe(true);
    expect(await repo.outbox.get(id)).toMatchObject({ state: 'entregue', attempts: 2 });
  });

  it('schedules a retry: pending again, not claimed before its time, claimed at it with the last answer kept', async () => {
    const now = Date.now();
    const { id } = await repo.outbox.enqueue(mail('a@clinica.com.br'), at(now));
    const [first] = await claimAt(now);
    expect(await repo.outbox.markRetry(first!, at(now + 30_000), '421 tente mais tarde')).toBe(true);
    expect(await repo.outbox.get(id)).toMatchObject({ state: 'pendente', attempts: 1, nextAttemptAt: at(now + 30_000), takenUntil: null, lastAnswer: '421 tente mais tarde' });
    expect(await claimAt(now + 29_999)).toEqual([]);
    expect(await claimAt(now + 30_000)).toMatchObject([{ id, attempts: 2 }]);
  });

  it('never claims a delivery that failed for good', async () => {
    const now = Date.now();
    const { id } = await repo.outbox.enqueue(mail('ninguem@clinica.com.br'), at(now));
    const [claimed] = await claimAt(now);
    expect(await repo.outbox.markFailed(claimed!, '550 caixa inexistente')).toBe(true);
    expect(await repo.outbox.get(id)).toMatchObject({ state: 'falhou', lastAnswer: '550 caixa inexistente', deliveredAt: null });
    expect(await claimAt(now + 365 * 86_400_000)).toEqual([]);
  });

  it('claims only the kinds asked for: a kind no carrier here can carry waits for an instance that can', async () => {
    const now = Date.now();
    const hook = await repo.outbox.enqueue({ kind: 'webhook', payload: { evento: 'teste' } }, at(now));
    const email = await repo.outbox.enqueue(mail('ana@clinica.com.br'), at(now));
    expect((await repo.outbox.claim(at(now), at(now + LEASE_MS), 10, ['email'])).map((delivery) => delivery.id)).toEqual([email.id]);
    expect(await repo.outbox.claim(at(now), at(now + LEASE_MS), 10, [])).toEqual([]);
    expect((await repo.outbox.claim(at(now), at(now + LEASE_MS), 10, ['webhook', 'email'])).map((delivery) => delivery.id)).toEqual([hook.id]);
  });

  it('lists the deliveries about one thing, newest first, and sends a given-up one again under its id', async () => {
    const now = Date.now();
    const first = await repo.outbox.enqueue({ kind: 'webhook', payload: { n: 1 }, reference: 'contato:7' }, at(now));
    const second = await repo.outbox.enqueue({ kind: 'webhook', payload: { n: 2 }, reference: 'contato:7' }, at(now + 1));
    await repo.outbox.enqueue({ kind: 'webhook', payload: { n: 3 }, reference: 'contato:8' }, at(now));
    expect((await repo.outbox.listByReference('contato:7')).map((delivery) => [delivery.id, delivery.reference])).toEqual([
      [second.id, 'contato:7'],
      [first.id, 'contato:7'],
    ]);
    expect(await repo.outbox.requeue(first.id, at(now + 10))).toBe(false);
    const [claimed] = await repo.outbox.claim(at(now), at(now + LEASE_MS), 1, ['webhook']);
    expect(claimed!.id).toBe(first.id);
    await repo.outbox.markFailed(claimed!, '500 erro do CRM');
    expect(await repo.outbox.requeue(first.id, at(now + 20))).toBe(true);
    expect(await repo.outbox.get(first.id)).toMatchObject({ state: 'pendente', attempts: 0, nextAttemptAt: at(now + 20), createdAt: at(now + 20), lastAnswer: '500 erro do CRM' });
    expect(await repo.outbox.requeue(first.id, at(now + 30))).toBe(false);
  });

  it('counts the pending deliveries by kind with the oldest one’s enqueue time; sending, delivered and failed ones are not pending', async () => {
    const now = Date.now();
    expect(await repo.outbox.pendingByKind()).toEqual([]);
    await repo.outbox.enqueue(mail('a@clinica.com.br'), at(now - 60_000));
    await repo.outbox.enqueue(mail('b@clinica.com.br'), at(now - 5_000));
    // A retry later on does not make it younger: it has waited since it was enqueued.
    await repo.outbox.enqueue(mail('c@clinica.com.br'), at(now + 3_600_000));
    await repo.outbox.enqueue({ kind: 'webhook', payload: { n: 1 } }, at(now - 1_000));
    const [sending] = await repo.outbox.claim(at(now), at(now + LEASE_MS), 1, ['webhook']);
    expect(sending).toBeDefined();
    const failed = await repo.outbox.enqueue({ kind: 'webhook', payload: { n: 2 } }, at(now - 90_000));
    const [claimed] = await repo.outbox.claim(at(now), at(now + LEASE_MS), 1, ['webhook']);
    expect(claimed!.id).toBe(failed.id);
    await repo.outbox.markFailed(claimed!, '500 erro do CRM');
    expect(await repo.outbox.pendingByKind()).toEqual([{ kind: 'email', pending: 3, oldestCreatedAt: at(now - 60_000) }]);
    await repo.outbox.enqueue({ kind: 'webhook', payload: { n: 3 } }, at(now - 2_000));
    expect(await repo.outbox.pendingByKind()).toEqual([
      { kind: 'email', pending: 3, oldestCreatedAt: at(now - 60_000) },
      { kind: 'webhook', pending: 1, oldestCreatedAt: at(now - 2_000) },
    ]);
  });

  it('enqueues inside the write that causes the delivery: an invitation and its e-mail are stored together, or neither', async () => {
    const invite = (token_hash: string) =>
      repo.people.invite({ nome: 'Ana Lima', email: 'ana@clinica.com.br', papel: 'autor' }, { token_hash, expira_em: at(Date.now() + 86_400_000) }, (person) => mail(person.email));
    await invite('a1');
    await expect(invite('a2')).rejects.toBeInstanceOf(EmailTakenError);
    expect((await claimAt(Date.now() + 1_000)).map((delivery) => delivery.payload)).toEqual([mail('ana@clinica.com.br').payload]);
  });

  it('two instances claiming at once never take the same delivery', async () => {
    const now = Date.now();
    for (let n = 0; n < 200; n += 1) await repo.outbox.enqueue(mail(`p${n}@clinica.com.br`), at(now - n));
    const other = await store.open();
    try {
      const takeAll = async (claim: (limit: number) => Promise<ClaimedDelivery[]>) => {
        const taken: string[] = [];
        for (;;) {
          const batch = await claim(7);
          if (batch.length === 0) return taken;
          taken.push(...batch.map((delivery) => delivery.id));
        }
      };
      const [mine, theirs] = await Promise.all([
        takeAll((limit) => repo.outbox.claim(at(now), at(now + LEASE_MS), limit, ['email'])),
        takeAll((limit) => other.outbox.claim(at(now), at(now + LEASE_MS), limit, ['email'])),
      ]);
      expect(mine.length + theirs.length).toBe(200);
      expect(new Set([...mine, ...theirs]).size).toBe(200);
      expect(mine.length).toBeGreaterThan(0);
      expect(theirs.length).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });
});
