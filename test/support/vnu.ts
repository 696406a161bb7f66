import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import vnuJar from 'vnu-jar';

const run = promisify(execFile);

export interface VnuMessage {
  type: string;
  subType?: string;
  message: string;
  extract?: string;
  url?: string;
}

/**
 * Runs the W3C Nu HTML checker (vnu-jar, Java) on several documents in one JVM start.
 * Returns the errors per document name; an empty list means valid.
 */
export async function validateHtml(documents: Record<string, string>): Promise<Record<string, VnuMessage[]>> {
  const dir = mkdtempSync(join(tmpdir(), 'vnu-'));
  try {
    const files = Object.entries(documents).map(([name, html], index) => {
      const file = join(dir, `${index}.html`);
      writeFileSync(file, html);
      return { name, file };
    });
    const { stdout, stderr } = await run('java', ['-jar', vnuJar, '--format', 'json', '--exit-zero-always', ...files.map((f) => f.file)], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const report = JSON.parse(stderr || stdout) as { messages: VnuMessage[] };
    const byName: Record<string, VnuMessage[]> = {};
    for (const { name, file } of files) {
      byName[name] = report.messages.filter((m) => m.url?.endsWith(file) && m.type === 'error');
    }
    return byName;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
