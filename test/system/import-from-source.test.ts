import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_EDITOR_KEY } from '../support/app.js';
import { WXR_FIXTURE } from '../support/import-archives.js';
import { startSourceServer, type SourceServer } from '../support/source-server.js';

const bearer = { Authorization: `Bearer ${TEST_EDITOR_KEY}` };

function exportForm(): FormData {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(WXR_FIXTURE)], { type: 'text/xml' }), 'blog.xml');
  return form;
}

describe('the import runs on the server started from source (tsx, as npm run dev)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'importacao-tsx-'));
  let server: SourceServer;

  beforeAll(async () => {
    server = await startSourceServer(dataDir);
  });
  afterAll(() => {
    server?.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('previews a WordPress export: the normaliser loads draft-js and immutable from source', async () => {
    const response = await fetch(`${server.url}/api/importacoes/previa`, { method: 'POST', headers: bearer, body: exportForm() });
    expect(response.status).toBe(200);
    const { value } = (await response.json()) as { value: { criar: number; recusados: number } };
    expect(value).toMatchObject({ criar: 4, recusados: 2 });
  });

  it('imports it to the end', async () => {
    const started = await fetch(`${server.url}/api/importacoes`, { method: 'POST', headers: bearer, body: exportForm() });
    expect(started.status).toBe(200);
    const { value: job } = (await started.json()) as { value: { id: number } };
    for (;;) {
      const { value } = (await (await fetch(`${server.url}/api/importacoes/${job.id}`, { headers: bearer })).json()) as { value: { estado: string; criados: number } };
      if (value.estado === 'concluida') {
        expect(value.criados).toBe(4);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});
