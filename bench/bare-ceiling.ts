import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';

export interface Ceiling {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** What the site sent for one path (br), to be sent again byte for byte by the bare server. */
async function capture(baseUrl: string, path: string, headers: Record<string, string>) {
  const raw = await new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const sent: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (name !== 'date' && name !== 'connection' && name !== 'keep-alive' && typeof value === 'string') sent[name] = value;
        }
        resolve({ status: res.statusCode ?? 0, headers: sent, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
  return { ...raw, body: raw.body.toString('base64') };
}

/**
 * Starts bench/bare-server.mjs in its own process (as the site runs in its own), answering each of
 * `paths` with the bytes the site sent for it: the machine's limit for those responses.
 */
export async function startBareCeiling(siteUrl: string, paths: string[], headers: Record<string, string>, dir: string): Promise<Ceiling> {
  const captured: Record<string, unknown> = {};
  for (const path of paths) captured[path] = await capture(siteUrl, path, headers);
  const file = join(dir, 'bare-responses.json');
  writeFileSync(file, JSON.stringify(captured));
  const child: ChildProcess = spawn(process.execPath, ['bench/bare-server.mjs', file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /ouvindo (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`servidor mínimo saiu com ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
