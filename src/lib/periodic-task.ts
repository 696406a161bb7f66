/** What a periodic run can ask while it works: whether it was told to stop (a long run ends early). */
export interface TaskState {
  readonly stopped: boolean;
}

export interface PeriodicTask {
  /** Starts no new run and waits for the one under way. */
  stop(): Promise<void>;
}

/**
 * Runs `run` now and then every `intervalMs`, never two runs at once (a tick during a run is skipped). A
 * failed run goes to `onError` and the next tick tries again. The timer does not keep the process alive.
 */
export function startPeriodicTask(intervalMs: number, run: (state: TaskState) => Promise<void>, onError: (error: unknown) => void): PeriodicTask {
  let running: Promise<void> | undefined;
  const state = { stopped: false };

  const tick = () => {
    if (running || state.stopped) return;
    running = run(state)
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  };

  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      state.stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
