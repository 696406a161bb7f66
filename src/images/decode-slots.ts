/**
 * At most `size` tasks run at once; the others wait in arrival order. Decoding a photo holds tens of
 * megabytes of pixels, so this bounds the memory of simultaneous uploads.
 */
export function createSlots(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
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
}
