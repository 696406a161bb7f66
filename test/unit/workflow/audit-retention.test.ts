import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditLog } from '../../../src/db/audit-store.js';
import { createLogger } from '../../../src/logger.js';
import { startAuditPruning } from '../../../src/workflow/audit-retention.js';

const logger = createLogger({ logLevel: 'silent' });

function auditSpy(prune: AuditLog['prune']): AuditLog {
  return { append: async () => {}, list: async () => ({ items: [], total: 0 }), prune };
}

describe('audit log pruning', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('prunes what is older than the retention period at start and then every interval, without keeping the process alive', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00.000Z') });
    const cutoffs: string[] = [];
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const pruning = startAuditPruning(auditSpy(async (before) => (cutoffs.push(before), 0)), logger, 365, 1_000);
    expect(cutoffs).toEqual(['2025-03-01T12:00:00.000Z']);
    expect((setIntervalSpy.mock.results[0]?.value as NodeJS.Timeout).hasRef()).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(cutoffs).toEqual(['2025-03-01T12:00:00.000Z', '2025-03-01T12:00:01.000Z', '2025-03-01T12:00:02.000Z']);
    await pruning.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(cutoffs).toHaveLength(3);
  });

  it('tries again next time when a prune fails, and stop() waits for one under way', async () => {
    let calls = 0;
    let finish: (count: number) => void = () => {};
    const pruning = startAuditPruning(
      auditSpy(() => {
        calls += 1;
        if (calls === 1) return Promise.reject(new Error('banco indisponível'));
        return new Promise((resolve) => (finish = resolve));
      }),
      logger,
      365,
      20,
    );
    await expect.poll(() => calls).toBe(2);
    let stopped = false;
    const stopping = pruning.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([stopped, calls]).toEqual([false, 2]);
    finish(3);
    await stopping;
    expect(stopped).toBe(true);
  });
});
