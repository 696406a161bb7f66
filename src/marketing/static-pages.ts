import type { AppDeps } from '../app-deps.js';

/** Returns the directory holding the prerendered marketing pages for this configuration. */
export async function ensureStaticPages(_deps: AppDeps, builtDir: string): Promise<string> {
  return builtDir;
}
