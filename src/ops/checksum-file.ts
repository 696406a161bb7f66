import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** `<file>.sha256` in the format of `sha256sum`, so `sha256sum -c` checks it too. */
export async function writeChecksum(file: string): Promise<string> {
  const digest = await sha256Of(file);
  await writeFile(`${file}.sha256`, `${digest}  ${basename(file)}\n`);
  return digest;
}

/** Whether `file` still has the digest its `.sha256` names; undefined when there is no checksum file. */
export async function checksumMatches(file: string): Promise<boolean | undefined> {
  let line: string;
  try {
    line = await readFile(`${file}.sha256`, 'utf8');
  } catch {
    return undefined;
  }
  const expected = /^([0-9a-f]{64})\s/.exec(line)?.[1];
  return expected !== undefined && expected === (await sha256Of(file));
}
