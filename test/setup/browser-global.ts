import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * End-to-end tests need Debian's Chromium. Without it: in CI a hard failure, locally a loud banner
 * (the e2e files then report themselves as not run).
 */
export default function setup() {
  if (existsSync(CHROMIUM_PATH)) return;
  const message = `Chromium não encontrado em ${CHROMIUM_PATH}: instale com "apt-get install chromium" para rodar os testes de ponta a ponta.`;
  if (process.env.CI) throw new Error(`[CI] ${message}`);
  const bar = '!'.repeat(message.length + 4);
  process.stderr.write(`\n${bar}\n! ${message} !\n${bar}\n\n`);
}
