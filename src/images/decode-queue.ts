import { performance } from 'node:perf_hooks';
import { createSlots } from './decode-slots.js';

/**
 * Photos processed at once by this process; more uploads wait their turn. One is enough to keep both
 * cores busy (each photo encodes two variants at a time), and bounds memory: five parallel 8 MB
 * uploads peaked at 444 MB resident with one, 642 MB with two (bench/images.ts).
 */
export const DECODES_AT_ONCE = 1;

/** The image pipeline's queue: uploads decoded (and encoded again) one at a time, timed for the metrics. */
export interface DecodeQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Uploads waiting for their turn. */
  readonly waiting: number;
}

/** `onDecoded` hears how long each task took once its turn came (failed ones too: a refused photo cost as much). */
export function createDecodeQueue(onDecoded: (seconds: number) => void = () => undefined): DecodeQueue {
  const slots = createSlots(DECODES_AT_ONCE);
  return {
    run: (task) =>
      slots(async () => {
        const start = performance.now();
        try {
          return await task();
        } finally {
          onDecoded((performance.now() - start) / 1000);
        }
      }),
    get waiting() {
      return slots.waiting;
    },
  };
}
