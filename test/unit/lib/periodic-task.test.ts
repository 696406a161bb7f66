import { describe, expect, it } from 'vitest';
import { startPeriodicTask, type TaskState } from '../../../src/lib/periodic-task.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startPeriodicTask', () => {
  it('runs at once, never two runs together, and stop() waits for the run under way', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    let finished = 0;
    const task = startPeriodicTask(
      5,
      async () => {
        runs += 1;
        active += 1;
        most = Math.max(most, active);
        await sleep(30);
        active -= 1;
        finished += 1;
      },
      () => undefined,
    );
    expect(runs).toBe(1);
    await sleep(80);
    await task.stop();
    expect(most).toBe(1);
    expect(finished).toBe(runs);
    const after = runs;
    await sleep(30);
    expect(runs).toBe(after);
  });

  it('hands a failed run to onError and tries again on the next tick; a long run sees that it was stopped', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    let sawStop = false;
    const task = startPeriodicTask(
      5,
      async (state: TaskState) => {
        runs += 1;
        if (runs === 1) throw new Error('banco fora do ar');
        while (!state.stopped) await sleep(5);
        sawStop = true;
      },
      (error) => errors.push(error),
    );
    await sleep(40);
    await task.stop();
    expect(errors).toHaveLength(1);
    expect(runs).toBe(2);
    expect(sawStop).toBe(true);
  });
});
