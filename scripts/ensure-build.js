// `npm start` builds on a fresh clone; `npm test` (--force) always tests a fresh build.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const built = existsSync('dist/server/server.js') && existsSync('dist/client/.vite/manifest.json');
if (process.argv.includes('--force') || !built) {
  execSync('npm run build', { stdio: 'inherit' });
}
