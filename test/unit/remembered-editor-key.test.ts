import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { EDITOR_KEY_FILE } from '../../src/editor-key-file.js';
import { withRememberedEditorKey } from '../../src/remembered-editor-key.js';

describe('editor key generated in development', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'chave-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is kept in DATA_DIR with mode 600 and reused on the next start', () => {
    const first = withRememberedEditorKey(loadConfig({ DATA_DIR: dir }));
    const file = join(dir, EDITOR_KEY_FILE);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.generatedEditorKey);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = withRememberedEditorKey(loadConfig({ DATA_DIR: dir }));
    expect(second.generatedEditorKey).toBe(first.generatedEditorKey);
    expect(second.editorKeys).toEqual([{ author: 'Equipe editorial', secret: first.generatedEditorKey }]);
  });

  it('tightens a key file left readable by others', () => {
    writeFileSync(join(dir, EDITOR_KEY_FILE), 'uma-chave-guardada-antes\n', { mode: 0o644 });
    expect(withRememberedEditorKey(loadConfig({ DATA_DIR: dir })).generatedEditorKey).toBe('uma-chave-guardada-antes');
    expect(statSync(join(dir, EDITOR_KEY_FILE)).mode & 0o777).toBe(0o600);
  });

  it('is never written when keys are configured, in tests or in production', () => {
    for (const env of [{ EDITOR_KEYS: 'uma-chave-bem-longa' }, { NODE_ENV: 'test' }, { NODE_ENV: 'production', EDITOR_KEYS: 'uma-chave-bem-longa', DPO_NAME: 'Helena Prado', DPO_EMAIL: 'encarregado@prontivo.com.br', SITE_URL: 'https://www.prontivo.com.br' }]) {
      const config = loadConfig({ DATA_DIR: dir, ...env });
      expect(withRememberedEditorKey(config)).toBe(config);
    }
    expect(() => statSync(join(dir, EDITOR_KEY_FILE))).toThrow();
  });
});
