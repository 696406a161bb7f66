import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../support/free-port.js';

export const TEST_EDITOR_KEY = 'chave-de-teste-e2e-123';
export const TEST_EDITOR_AUTHOR = 'Editora de Teste';
/** The encarregado production requires. */
const TEST_DPO = { name: 'Helena Prado', email: 'encarregado@prontivo.test' };

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Server output so far, for failure messages. */
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/**
 * Starts the production build (dist/server/server.js) as a child process on a free port,
 * with its own throwaway embedded database unless env says otherwise. `host` 'localhost' gives the
 * site that name (SITE_URL and url): WebAuthn refuses IP addresses.
 */
export async function startBuiltServer(env: Record<string, string> = {}, dataDir?: string, host: '127.0.0.1' | 'localhost' = '127.0.0.1'): Promise<RunningServer> {
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'site-e2e-'));
  let log = '';
  const child = spawn(process.execPath, ['dist/server/server.js'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      SITE_URL: `http://${host}:${port}`,
      DATA_DIR: dir,
      SQLITE_PATH: join(dir, 'site.db'),
      EDITOR_KEYS: `${TEST_EDITOR_AUTHOR}:${TEST_EDITOR_KEY}`,
      DPO_NAME: TEST_DPO.name,
      DPO_EMAIL: TEST_DPO.email,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const url = `http://${host}:${port}`;

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`servidor saiu com código ${child.exitCode}:\n${log}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`servidor não respondeu em 30 s:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    port,
    dataDir: dir,
    child,
    output: () => log,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        // A child killed by a signal has signalCode set and exitCode null.
        if (child.exitCode !== null || child.signalCode !== null) {
          if (!dataDir) rmSync(dir, { recursive: true, force: true });
          resolve(child.exitCode);
          return;
        }
        child.once('exit', (code) => {
          if (!dataDir) rmSync(dir, { recursive: true, force: true });
          resolve(code);
        });
        child.kill(signal);
      }),
  };
}
