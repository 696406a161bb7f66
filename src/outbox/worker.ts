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
        await store.markFailed(delivery, text);
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
      const batch = await store.claim(new Date(now).toISOString(), new Date(now + options.leaseMs).toISOString(), options.batchSize, kinds);
      const results = await Promise.allSettled(batch.map(deliver));
      for (const result of results) {
        // The mark failed (the database is away): the delivery is claimed again once its lease passes.
        if (result.status === 'rejected') logger.error({ err: result.reason as unknown }, 'entrega não marcada');
      }
      if (batch.length < options.batchSize) return;
    }
  };

  return startPeriodicTask(options.intervalMs, drain, (error) => logger.warn({ err: error }, 'fila de entregas indisponível; nova tentativa no próximo ciclo'));
}
