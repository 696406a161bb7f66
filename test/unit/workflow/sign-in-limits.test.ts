import { describe, expect, it } from 'vitest';
import { accountDelayMs } from '../../../src/workflow/sign-in-limits.js';

describe('the delay of an account tried from many addresses', () => {
  const settings = { pairMax: 5, delayStepMs: 1_000 };

  it('is nothing up to the attempts one address may make, then one step per attempt, five at most', () => {
    expect([1, 5, 6, 7, 10, 11, 500].map((attempts) => accountDelayMs(attempts, settings))).toEqual([0, 0, 1_000, 2_000, 5_000, 5_000, 5_000]);
  });
});
