import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { TEST_EDITOR_AUTHOR, TEST_EDITOR_KEY } from './app.js';

export interface SourceServer {
  child: ChildProcess;
  url: string;
}

/**
 * The app run from its TypeScript source with tsx, as `npm run dev` runs it (no build), in its own
 * process on SQLite in `dataDir`; resolves once it listens.
 */
export function startSourceServer(dataDir: string): Promise<SourceServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/serve-app.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SQLITE_PATH: join(dataDir, 'site.db'),
      DATA_DIR: dataDir,
      EDITOR_KEYS: `${TEST_EDITOR_AUTHOR}:${TEST_EDITOR_KEY}`,
      SEED_SAMPLE_ARTICLES: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk) => (output += chunk));
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const port = /ouvindo (\d+)/.exec(output)?.[1];
      if (port) resolve({ child, url: `http://127.0.0.1:${port}` });
    });
    child.once('exit', (code) => reject(new Error(`servidor saiu (${code}) antes de ouvir:\n${output}`)));
  });
}
