import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.js';
import { EDITOR_KEY_FILE } from './editor-key-file.js';

/**
 * In development, the editor key generated when EDITOR_KEYS is unset is kept in DATA_DIR (readable by
 * its owner only) and reused on the next start, so a developer's open editor tab and saved drafts keep
 * working across restarts. Production never gets here: it requires EDITOR_KEYS.
 */
export function withRememberedEditorKey(config: Config): Config {
  const generated = config.generatedEditorKey;
  if (!generated || config.env !== 'development') return config;
  const file = join(config.dataDir, EDITOR_KEY_FILE);
  let key = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (key.length < 12) {
    key = generated;
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, `${key}\n`, { mode: 0o600 });
  }
  // A file copied in with looser permissions is tightened: it is a credential.
  chmodSync(file, 0o600);
  return {
    ...config,
    generatedEditorKey: key,
    editorKeys: config.editorKeys.map((entry) => (entry.secret === generated ? { ...entry, secret: key } : entry)),
  };
}
