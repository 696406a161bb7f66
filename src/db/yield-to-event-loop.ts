/** Lets other requests run between the steps of a long read or write. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
