import type { ClaimedDelivery, DeliveryKind, OutboxStore } from '../db/outbox-store.js';
import type { Logger } from '../logger.js';
import type { Sender } from './email-sender.js';
import { afterFailure, type RetryPolicy } from './retry-policy.js';
import { startPeriodicTask, type TaskState } from '../lib/periodic-task.js';

export interface OutboxWorkerOptions {
  /** How often an idle worker looks for due deliveries. */
  intervalMs: number;
  /** Deliveries claimed at once, and sent in parallel. */
  batchSize: number;
  /**
   * How long a claim holds its deliveries. Far above one send's worst time (email-sender.ts), so only a
   * dead worker's deliveries (kill -9) are claimed again, once it has passed.
   */
  leaseMs: number;
}

/** What carries one kind of delivery, and how its failures are retried. */
export interface Carrier {
  send: Sender;
  retry: RetryPolicy;
  /** Told of a delivery given up on (the newsletter counts an address's permanent failures). */
  onFailed?(delivery: ClaimedDelivery): Promise<void>;
  /** How many deliveries of this kind may be claimed now (a rate shared by every instance); no limit without it. */
  allowance?(): Promise<number>;
}

/** The kinds this instance can carry; the others wait in the database for an instance configured for them. */
export type Carriers = Partial<Record<DeliveryKind, Carrier>>;

export interface OutboxWorker {
  /** Claims nothing more and waits for the sends under way, each marked as it ends. */
  stop(): Promise<void>;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Every instance runs one: each claim takes deliveries no other instance holds, sends them, and marks
 * each one the moment its receiver answers, so that a crash resends at most the messages whose answer
 * came and whose mark had not yet been written.
 */
export function startOutboxWorker(
  store: OutboxStore,
  carriers: Carriers,
  logger: Logger,
  options: OutboxWorkerOptions,
): OutboxWorker {
  const kinds = Object.keys(carriers) as DeliveryKind[];
  // The kinds without a rate are claimed together; each kind with one is claimed apart, as many as it allows.
  const lanes = [
    { kinds: kinds.filter((kind) => !carriers[kind]!.allowance), limit: () => Promise.resolve(options.batchSize) },
    ...kinds.flatMap((kind) => {
      const allowance = carriers[kind]!.allowance;
      return allowance ? [{ kinds: [kind], limit: async () => Math.min(options.batchSize, await allowance()) }] : [];
    }),
  ].filter((lane) => lane.kinds.length > 0);
  const deliver = async (delivery: ClaimedDelivery) => {
    // claim() answers only the kinds asked for, each of which has its carrier.
    const carrier = carriers[delivery.kind] as Carrier;
    let answer: string;
    try {
      answer = await carrier.send(delivery);
    } catch (error) {
      const next = afterFailure(error, delivery, carrier.retry, Date.now());
      const text = errorText(error);
      if ('failed' in next) {
        if ((await store.markFailed(delivery, text)) && carrier.onFailed) await carrier.onFailed(delivery);
        logger.error({ err: error, entrega: delivery.id, tentativas: delivery.attempts }, 'entrega desistida');
      } else {
        await store.markRetry(delivery, next.retryAt, text);
        logger.warn({ err: error, entrega: delivery.id, proxima: next.retryAt }, 'entrega falhou; nova tentativa agendada');
      }
      return;
    }
    if (!(await store.markDelivered(delivery, new Date().toISOString(), answer))) {
      logger.warn({ entrega: delivery.id }, 'entrega enviada depois de perder a reserva');
    }
  };

  const drain = async (state: TaskState) => {
    while (!state.stopped) {
      const now = Date.now();
      let full = false;
      const batch: ClaimedDelivery[] = [];
      for (const lane of lanes) {
        const limit = await lane.limit();
        if (limit <= 0) continue;
        const claimed = await store.claim(new Date(now).toISOString(), new Date(now + options.leaseMs).toISOString(), limit, lane.kinds);
        full ||= claimed.length === limit;
        batch.push(...claimed);
      }
      const results = await Promise.allSettled(batch.map(deliver));
      for (const result of results) {
        // The mark failed (the database is away): the delivery is claimed again once its lease passes.
        if (result.status === 'rejected') logger.error({ err: result.reason as unknown }, 'entrega não marcada');
      }
      if (!full) return;
    }
  };

  return startPeriodicTask(options.intervalMs, drain, (error) => logger.warn({ err: error }, 'fila de entregas indisponível; nova tentativa no próximo ciclo'));
}
