import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * On this 2-core machine the load generator and the server under test took turns on both cores as the
 * scheduler liked, and the same server answered one path at 15,000 and at 25,000 requests a second from
 * one measure to the next. With the servers on the first core and the load generator (this process) on
 * the second, each measure has one core for the server, as every compared server had; where there is
 * one core or no taskset, nothing is pinned and the report says so.
 */
const SERVER_CORE = '0';
const LOAD_CORE = '1';

function taskset(args: string[]): boolean {
  if (availableParallelism() < 2) return false;
  try {
    execFileSync('taskset', args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Pins this process (autocannon runs in it) to its core; false when it could not. */
export const pinLoadGenerator = (): boolean => taskset(['-a', '-p', '-c', LOAD_CORE, String(process.pid)]);

/** Pins a server process, all its threads, to the servers' core. */
export function pinServer(pid: number | undefined): void {
  if (pid !== undefined) taskset(['-a', '-p', '-c', SERVER_CORE, String(pid)]);
}
