/** A function that runs tasks at most `size` at a time, and tells how many wait for their turn. */
export interface Slots {
  <T>(task: () => Promise<T>): Promise<T>;
  readonly waiting: number;
}

/**
 * At most `size` tasks run at once; the others wait in arrival order. Decoding a photo holds tens of
 * megabytes of pixels, so this bounds the memory of simultaneous uploads.
 */
export function createSlots(size: number): Slots {
  let running = 0;
  const waiting: Array<() => void> = [];
  const run = async <T>(task: () => Promise<T>): Promise<T> => {
    // A finishing task hands its slot straight to the next waiter, so no newcomer can slip in between.
    if (running < size) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
  return Object.defineProperty(run, 'waiting', { get: () => waiting.length }) as Slots;
}
